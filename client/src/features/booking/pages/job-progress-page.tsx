import { useParams } from 'wouter';
import { Card } from '@/components/ui/card.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { FullPageSpinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useBooking } from '../api/get-booking.ts';
import { BookingNotFound } from '../components/booking-not-found.tsx';
import { BookingStatusBadge } from '@/components/booking/booking-status-badge.tsx';
import { JobTimeline } from '../components/job-timeline.tsx';
import { formatLongDate } from '@/lib/calendar-dates.ts';

/** /job-progress/:id: the timeline of a booking's statuses. */
export default function JobProgressPage() {
  const params = useParams<{ id: string }>();
  const booking = useBooking(Number(params.id));
  if (booking.isPending) return <FullPageSpinner label="Loading the job" />;
  if (booking.isError) {
    if (booking.error instanceof ApiError && booking.error.status === 404) {
      return <BookingNotFound />;
    }
    return <ErrorState message="We couldn't load this job." onRetry={() => booking.refetch()} />;
  }
  const { data } = booking;
  return (
    <div className="grid gap-4 p-4">
      <Card className="grid gap-1 p-4">
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-lg font-semibold text-neutral-900">{data.serviceName}</h2>
          <BookingStatusBadge status={data.status} />
        </div>
        <p className="text-sm text-neutral-600">{data.detailerBusinessName}</p>
        <p className="text-sm text-neutral-700">
          {formatLongDate(data.date)} at {data.time}
        </p>
      </Card>
      <Card className="p-4">
        <h2 className="mb-4 text-base font-semibold text-neutral-900">Progress</h2>
        <JobTimeline booking={data} />
      </Card>
    </div>
  );
}
