import { CalendarDays, Car, MapPin } from 'lucide-react';
import { Link } from 'wouter';
import { bookingStatusLabel } from '@core/domain/booking-status.ts';
import { formatUsd } from '@core/domain/money.ts';
import type { Booking } from '@core/schemas/booking.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useUpdateJobStatus, type JobAction } from '../api/update-job-status.ts';

const actionLabels: Record<JobAction, string> = {
  accept: 'Accept',
  decline: 'Decline',
  'start-route': 'On my way',
  start: 'Start',
  complete: 'Complete',
};
const actionOrder = Object.keys(actionLabels) as JobAction[];

const dateFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
const shortDate = (date: string) => dateFormat.format(new Date(`${date}T00:00:00Z`));

/** One job with the buttons its status allows the detailer (from the server's allowedActions). */
export function JobCard({ job }: { job: Booking }) {
  const update = useUpdateJobStatus();
  const actions = actionOrder.filter((action) => job.allowedActions.includes(action));
  return (
    <Card className="grid gap-3 p-4">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="truncate font-semibold text-neutral-900">
            <Link href={`/bookings/${job.id}`} className="hover:underline">
              {job.serviceName}
            </Link>
          </h3>
          <p className="text-sm text-neutral-600">{formatUsd(job.totalCents)}</p>
        </div>
        <Badge variant={job.status === 'requested' ? 'warning' : 'brand'}>{bookingStatusLabel(job.status)}</Badge>
      </div>
      <ul className="grid gap-1.5 text-sm text-neutral-700">
        <li className="flex gap-2">
          <CalendarDays aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-600" />
          {shortDate(job.date)} · {job.time}
        </li>
        <li className="flex gap-2">
          <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-600" />
          {[job.address, job.apt, job.city, job.zip].filter(Boolean).join(', ')}
        </li>
        <li className="flex gap-2">
          <Car aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-600" />
          {job.vehicleType}
        </li>
      </ul>
      {job.notes && <p className="rounded-control bg-neutral-50 p-3 text-sm text-neutral-700">{job.notes}</p>}
      {actions.length > 0 && (
        <div className="grid auto-cols-fr grid-flow-col gap-3">
          {actions.map((action) => (
            <Button
              key={action}
              variant={action === 'decline' ? 'secondary' : 'primary'}
              disabled={update.isPending}
              aria-label={`${actionLabels[action]}: ${job.serviceName}, ${shortDate(job.date)} ${job.time}`}
              onClick={() =>
                update.mutate(
                  { bookingId: job.id, action },
                  {
                    onError: (error) =>
                      toast({
                        title: 'Could not update the job',
                        description: errorMessage(error, 'Please try again.'),
                        variant: 'destructive',
                      }),
                  },
                )
              }
            >
              {actionLabels[action]}
            </Button>
          ))}
        </div>
      )}
    </Card>
  );
}
