import { CalendarClock } from 'lucide-react';
import { Link } from 'wouter';
import { dateInZone } from '@core/domain/time-slots.ts';
import { activeJobStatuses, bySoonestStart } from '@core/domain/booking-status.ts';
import type { Booking } from '@core/schemas/booking.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useBookings } from '@/components/booking/api/get-bookings.ts';
import { JobCard } from '../components/job-card.tsx';

const activeStatuses: ReadonlySet<Booking['status']> = new Set(activeJobStatuses);

/**
 * Days are the detailer's calendar days: a job's date (YYYY-MM-DD in the detailer's zone, from the server) against
 * today's date in that same zone, never the browser's. Today holds today's live jobs and any left from a day gone
 * by (under way since yesterday, or never started); a later day is Upcoming whatever its status, so a job marked
 * under way too early is never shown as today's.
 */
function groupJobs(jobs: Booking[], now: Date) {
  const byStart = [...jobs].sort(bySoonestStart);
  const isLater = (job: Booking) => job.date > dateInZone(now, job.timeZone);
  return {
    requests: byStart.filter((job) => job.status === 'requested'),
    // Not started an hour after their time (decision 035): off Today, each waiting for Start or Customer absent.
    overdue: byStart.filter((job) => job.status === 'overdue'),
    today: byStart.filter((job) => activeStatuses.has(job.status) && !isLater(job)),
    upcoming: byStart.filter((job) => activeStatuses.has(job.status) && isLater(job)),
  };
}

/** /detailer, /detailer/dashboard and /detailer/bookings: incoming requests, today's jobs and what comes next. */
export default function DetailerBookingsPage() {
  return (
    // grid-cols-1 down to each job card: columns no wider than the screen, so that a long service name is cut short
    // in its card instead of widening the page past a narrow phone's screen.
    <div className="grid grid-cols-1 gap-4 p-4">
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">Your jobs</h1>
      <JobsContent />
    </div>
  );
}

function JobsContent() {
  const jobs = useBookings();
  if (jobs.isPending) {
    return (
      <LoadingState label="Loading your jobs">
        {[0, 1, 2].map((index) => (
          <Card key={index} className="grid gap-2 p-4" aria-hidden>
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-56" />
            <Skeleton className="h-11" />
          </Card>
        ))}
      </LoadingState>
    );
  }
  if (jobs.isError) return <ErrorState message="We couldn't load your jobs." onRetry={() => jobs.refetch()} />;

  const { requests, overdue, today, upcoming } = groupJobs(jobs.data, new Date());
  if (requests.length + overdue.length + today.length + upcoming.length === 0) {
    return (
      <EmptyState
        icon={<CalendarClock />}
        title="No jobs yet"
        description="New booking requests appear here. Keep your hours up to date so customers can book you."
        action={
          <Button asChild>
            <Link href="/detailer/availability">Set your availability</Link>
          </Button>
        }
      />
    );
  }
  return (
    <div className="grid grid-cols-1 gap-6">
      {overdue.length > 0 && <JobSection id="overdue-heading" title="Overdue" jobs={overdue} emptyText="" />}
      <JobSection id="requests-heading" title="New requests" jobs={requests} emptyText="No new requests right now." />
      <JobSection id="today-heading" title="Today" jobs={today} emptyText="Nothing scheduled for today." />
      <JobSection id="upcoming-heading" title="Upcoming" jobs={upcoming} emptyText="No upcoming jobs." />
    </div>
  );
}

function JobSection({ id, title, jobs, emptyText }: { id: string; title: string; jobs: Booking[]; emptyText: string }) {
  return (
    <section aria-labelledby={id} className="grid grid-cols-1 gap-3">
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-neutral-900">
        {title}
        {jobs.length > 0 && <span className="rounded-full bg-brand-50 px-2 text-sm font-medium text-brand-700">{jobs.length}</span>}
      </h2>
      {jobs.length === 0 ? (
        <p className="rounded-card bg-surface p-4 text-sm text-neutral-600 shadow-card">{emptyText}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3">
          {jobs.map((job) => (
            <li key={job.id}>
              <JobCard job={job} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
