import { Timer } from 'lucide-react';
import type { ReactNode } from 'react';
import { timeLeftText } from '@core/domain/detailer-dashboard.ts';
import { dateInZone } from '@core/domain/time-slots.ts';
import { Card } from '@/components/ui/card.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useDashboard } from '../api/get-dashboard.ts';
import { DashboardJobCard } from './dashboard-job-card.tsx';
import { DashboardLinks } from './dashboard-links.tsx';
import { DashboardStats } from './dashboard-stats.tsx';
import { useMinuteClock } from './use-minute-clock.ts';

/** The deadline on the detailer's clock, with its weekday when it is not today ('by 5:16 AM', 'by Tue 5:16 AM'). */
function deadlineText(deadline: Date, today: string, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', timeZone };
  return new Intl.DateTimeFormat('en-US', dateInZone(deadline, timeZone) === today ? options : { ...options, weekday: 'short' }).format(
    deadline,
  );
}

/** /detailer and /detailer/dashboard once approved: the day at a glance (decision 021). */
export function DetailerDashboard() {
  const dashboard = useDashboard();
  const now = useMinuteClock();
  if (dashboard.isPending) {
    return (
      <LoadingState label="Loading your dashboard" className="p-4">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-24" />
        <div className="grid grid-cols-2 gap-3">
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
        <Skeleton className="h-40" />
      </LoadingState>
    );
  }
  if (dashboard.isError) return <ErrorState message="We couldn't load your dashboard." onRetry={() => dashboard.refetch()} />;
  const data = dashboard.data;
  return (
    // min-w-0: a grid item is as wide as its widest content by default; here the screen decides, and the cards wrap.
    <div className="grid gap-6 p-4 [&>*]:min-w-0">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">Dashboard</h1>
        <p className="text-sm text-neutral-600">{data.businessName}</p>
      </div>
      <DashboardStats dashboard={data} />

      {data.overdueJobs.length > 0 && (
        <Section id="overdue-heading" title="Overdue" count={data.overdueJobs.length} empty="">
          {data.overdueJobs.map((job) => (
            <li key={job.id}>
              <DashboardJobCard
                job={job}
                showDate={job.date !== data.today}
                notice={
                  <p className="flex items-center gap-2 rounded-control bg-warning-100 px-3 py-2 text-sm text-warning-800">
                    <Timer aria-hidden className="size-4 shrink-0" />
                    Not started an hour after its time: start it, or mark the customer absent.
                  </p>
                }
              />
            </li>
          ))}
        </Section>
      )}

      <Section id="requests-heading" title="New requests" count={data.requests.length} empty="No new requests right now.">
        {data.requests.map(({ booking, answerBy }) => (
          <li key={booking.id}>
            <DashboardJobCard
              job={booking}
              showDate
              notice={
                <p className="flex items-center gap-2 rounded-control bg-warning-100 px-3 py-2 text-sm text-warning-800">
                  <Timer aria-hidden className="size-4 shrink-0" />
                  Answer within {timeLeftText(new Date(answerBy), now)} (by {deadlineText(new Date(answerBy), data.today, data.timeZone)})
                </p>
              }
            />
          </li>
        ))}
      </Section>

      <Section id="today-heading" title="Today's jobs" count={data.todayJobs.length} empty="Nothing scheduled for today.">
        {data.todayJobs.map((job) => (
          <li key={job.id}>
            <DashboardJobCard job={job} showDate={job.date !== data.today} />
          </li>
        ))}
      </Section>

      <DashboardLinks />
    </div>
  );
}

function Section({ id, title, count, empty, children }: { id: string; title: string; count: number; empty: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-neutral-900">
        {title}
        {count > 0 && <span className="rounded-full bg-brand-50 px-2 text-sm font-medium text-brand-700">{count}</span>}
      </h2>
      {count === 0 ? (
        <Card className="p-4 text-sm text-neutral-600">{empty}</Card>
      ) : (
        <ul className="grid gap-3 [&>*]:min-w-0">{children}</ul>
      )}
    </section>
  );
}
