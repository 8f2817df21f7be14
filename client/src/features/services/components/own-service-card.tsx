import { Link } from 'wouter';
import { CalendarClock, Pause, Pencil, Play, Trash2 } from 'lucide-react';
import { formatUsd } from '@core/domain/money.ts';
import type { OwnService } from '@core/schemas/own-service.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { awaitingApprovalText, durationLabel, surchargesSummary } from '../lib/service-format.ts';

export interface OwnServiceCardProps {
  service: OwnService;
  onTogglePause: () => void;
  onDelete: () => void;
  isBusy: boolean;
}

/** One of My services: photo, name, price and time, the Paused badge, surcharges, and what can be done with it. */
export function OwnServiceCard({ service, onTogglePause, onDelete, isBusy }: OwnServiceCardProps) {
  const isPaused = service.pausedAt !== null;
  const surcharges = surchargesSummary(service.surcharges);
  const upcoming = service.upcomingBookingCount;
  return (
    <Card className="grid gap-3 p-4">
      <div className="flex items-start gap-3">
        <img src={service.imageUrl} alt="" loading="lazy" className="size-20 shrink-0 rounded-control bg-neutral-100 object-cover" />
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-semibold break-words text-neutral-900">{service.name}</h2>
            {isPaused && <Badge variant="warning">Paused</Badge>}
          </div>
          <p className="text-sm text-neutral-700">
            <span className="font-semibold text-neutral-900 tabular-nums">{formatUsd(service.priceCents)}</span> ·{' '}
            {durationLabel(service.durationMinutes)} · {service.categoryName}
          </p>
          <p className="text-sm text-neutral-600">{surcharges ? `Surcharges: ${surcharges}` : 'No vehicle surcharges'}</p>
          {upcoming > 0 && (
            <p className="flex items-center gap-1 text-sm text-neutral-600">
              <CalendarClock aria-hidden className="size-4 shrink-0" />
              {upcoming === 1 ? '1 upcoming booking' : `${upcoming} upcoming bookings`}
            </p>
          )}
        </div>
      </div>
      {isPaused && (
        <p className="rounded-control bg-warning-100 px-3 py-2 text-sm text-warning-800">
          Paused: customers can't book it until you resume it.
        </p>
      )}
      {!isPaused && !service.bookable && (
        <p className="rounded-control bg-neutral-100 px-3 py-2 text-sm text-neutral-700">Waiting for approval. {awaitingApprovalText}</p>
      )}
      <div className="flex flex-wrap items-center justify-end gap-2">
        <Button asChild variant="secondary" className="mr-auto">
          <Link href={`/detailer/manage-services?id=${service.id}`} aria-label={`Edit ${service.name}`}>
            <Pencil aria-hidden /> Edit
          </Link>
        </Button>
        <Button variant="ghost" onClick={onTogglePause} disabled={isBusy} aria-label={`${isPaused ? 'Resume' : 'Pause'} ${service.name}`}>
          {isPaused ? <Play aria-hidden /> : <Pause aria-hidden />} {isPaused ? 'Resume' : 'Pause'}
        </Button>
        <Button variant="ghost" onClick={onDelete} disabled={isBusy} aria-label={`Delete ${service.name}`}>
          <Trash2 aria-hidden /> Delete
        </Button>
      </div>
    </Card>
  );
}
