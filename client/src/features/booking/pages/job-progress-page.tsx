import { useParams } from 'wouter';
import { activeJobStatuses, type BookingStatus } from '@core/domain/booking-status.ts';
import type { Booking } from '@core/schemas/booking.ts';
import { DetailerActionButtons } from '@/components/booking/detailer-action-buttons.tsx';
import { BookingProof } from '@/components/proof/booking-proof.tsx';
import { OfflineJobStatus } from '@/components/proof/offline-job.tsx';
import { jobPlaceLine, NavigateLink } from '@/components/booking/navigate-link.tsx';
import { Card } from '@/components/ui/card.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TermList, type Term } from '@/components/ui/term-list.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useCurrentUser } from '@/lib/session/get-current-user.ts';
import { useBooking } from '@/components/booking/api/get-booking.ts';
import { BookingNotFound } from '../components/booking-not-found.tsx';
import { BookingStatusBadge } from '@/components/booking/booking-status-badge.tsx';
import { JobTimeline } from '../components/job-timeline.tsx';
import { formatLongDate } from '@/lib/calendar-dates.ts';

/** Accepted and on until done: the statuses in which the detailer is going to the car, or at it. */
const onTheJob: ReadonlySet<BookingStatus> = new Set(activeJobStatuses);

/**
 * /job-progress/:id: the timeline of a booking's statuses, under the page's own heading. The detailer (or an admin)
 * also sees whose car it is and, once the job is accepted and until it is done, where to find it; and the moves
 * the job allows now. From the way to the car on, the proof of service: the detailer's photos and checklist.
 */
export default function JobProgressPage() {
  return (
    <div className="grid gap-4 p-4">
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">Job progress</h1>
      <JobProgressContent />
    </div>
  );
}

function JobProgressContent() {
  const params = useParams<{ id: string }>();
  const booking = useBooking(Number(params.id));
  if (booking.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner size="lg" label="Loading the job" />
      </div>
    );
  }
  if (booking.isError) {
    if (booking.error instanceof ApiError && booking.error.status === 404) {
      return <BookingNotFound />;
    }
    // A refetch that failed (no signal, a dropped connection) keeps the job as last loaded: a detailer offline goes
    // on working, their taps queued on the phone (decision 049).
    if (booking.data === undefined) return <ErrorState message="We couldn't load this job." onRetry={() => booking.refetch()} />;
  }
  return <JobProgress booking={booking.data} />;
}

function JobProgress({ booking }: { booking: Booking }) {
  const { user } = useCurrentUser();
  const isCustomer = user?.id === booking.customerId;
  return (
    <>
      <Card className="grid gap-1 p-4">
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-lg font-semibold text-neutral-900">{booking.serviceName}</h2>
          <BookingStatusBadge booking={booking} announce />
        </div>
        <p className="text-sm text-neutral-600">{isCustomer ? booking.detailerBusinessName : booking.customerName}</p>
        <p className="text-sm text-neutral-700">
          {formatLongDate(booking.date)} at {booking.time}
        </p>
      </Card>
      {!isCustomer && onTheJob.has(booking.status) && <CustomerDetails booking={booking} />}
      {!isCustomer && user?.role === 'detailer' && <OfflineJobStatus bookingId={booking.id} />}
      <BookingProof booking={booking} />
      <DetailerActionButtons booking={booking} className="grid-cols-2" />
      <Card className="p-4">
        <h2 className="mb-4 text-base font-semibold text-neutral-900">Progress</h2>
        <JobTimeline booking={booking} />
      </Card>
    </>
  );
}

/** What the detailer needs at the car: whose it is, which, where, and how to get to it. */
function CustomerDetails({ booking }: { booking: Booking }) {
  const rows: Term[] = [
    ['Name', booking.customerName],
    ['Car', booking.vehicleType],
    ['Address', jobPlaceLine(booking)],
    ['Access notes', booking.accessNotes ?? 'None given'],
    ...(booking.notes ? [['Notes', booking.notes] as const] : []),
  ];
  return (
    <Card className="p-4">
      <h2 className="mb-3 text-base font-semibold text-neutral-900">Customer</h2>
      <TermList terms={rows} className="grid gap-2 text-sm" rowClassName="grid grid-cols-[7rem_1fr] gap-2" valueClassName="break-words" />
      {booking.status !== 'in_progress' && (
        <div className="mt-3 grid">
          <NavigateLink address={jobPlaceLine(booking)} />
        </div>
      )}
    </Card>
  );
}
