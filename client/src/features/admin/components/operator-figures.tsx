import { ChevronRight } from 'lucide-react';
import { Link } from 'wouter';
import { formatUsd } from '@core/domain/money.ts';
import type { AdminOverviewWindow } from '@core/schemas/admin-overview.ts';
import { Card } from '@/components/ui/card.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useAdminOverview } from '../api/get-admin-overview.ts';

const bookingsLabel = (count: number) => `${count} ${count === 1 ? 'booking' : 'bookings'}`;

function WindowFigures({ title, figures }: { title: string; figures: AdminOverviewWindow }) {
  return (
    <div className="grid gap-0.5 rounded-card bg-neutral-50 p-3">
      <h3 className="text-sm font-medium text-neutral-700">{title}</h3>
      <p className="text-2xl font-semibold text-neutral-900 tabular-nums">{formatUsd(figures.paidCents)}</p>
      <p className="text-sm text-neutral-700 tabular-nums">{bookingsLabel(figures.bookings)}</p>
    </div>
  );
}

/**
 * The top of /admin: what an operator checks first. Bookings paid and money paid by customers today and since
 * Monday (the platform's days), and the detailers waiting for approval, a way into that list.
 */
export function OperatorFigures() {
  const overview = useAdminOverview();
  return (
    <section aria-labelledby="admin-today-heading">
      <Card className="grid gap-3 p-4">
        <h2 id="admin-today-heading" className="text-lg font-semibold text-neutral-900">
          Today and this week
        </h2>
        {overview.isPending ? (
          <div className="grid grid-cols-2 gap-3" aria-hidden>
            <Skeleton className="h-20" />
            <Skeleton className="h-20" />
          </div>
        ) : overview.isError ? (
          <ErrorState message="We couldn't load today's figures." onRetry={() => overview.refetch()} />
        ) : (
          <>
            <div className="grid grid-cols-2 gap-3">
              <WindowFigures title="Today" figures={overview.data.today} />
              <WindowFigures title="This week" figures={overview.data.week} />
            </div>
            <p className="text-xs text-neutral-600">Paid by customers (bookings and tips, before refunds); the week starts on Monday.</p>
            <Link
              href="/admin/users?pendingApproval=true"
              className="flex min-h-11 items-center justify-between gap-2 text-sm font-medium text-brand-700 hover:underline"
            >
              {overview.data.awaitingApproval === 0
                ? 'No detailers waiting for approval'
                : `${overview.data.awaitingApproval} ${overview.data.awaitingApproval === 1 ? 'detailer' : 'detailers'} waiting for approval`}
              <ChevronRight aria-hidden className="size-4 shrink-0" />
            </Link>
          </>
        )}
      </Card>
    </section>
  );
}
