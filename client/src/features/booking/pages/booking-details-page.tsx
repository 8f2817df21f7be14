import { endedWithoutWorkStatuses, statusIn, tripStatuses } from '@core/domain/booking-status.ts';
import { CreditCard, Route } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { useCurrentUser } from '@/lib/session/get-current-user.ts';
import { formatUsd } from '@core/domain/money.ts';
import { DiscountLine } from '@/components/booking/discount-line.tsx';
import type { Booking } from '@core/schemas/booking.ts';
import { vehicleDescription } from '@core/domain/vehicles.ts';
import { AfterJobSection } from '@/components/after-job/after-job-section.tsx';
import { BookingFacts } from '@/components/booking/booking-facts.tsx';
import { BookAgainButton, canBookAgain } from '@/components/booking/booking-list-item.tsx';
import { DetailerActionButtons } from '@/components/booking/detailer-action-buttons.tsx';
import { BookingProof } from '@/components/proof/booking-proof.tsx';
import { OfflineJobStatus } from '@/components/proof/offline-job.tsx';
import { MessageButton } from '@/components/messages/message-button.tsx';
import { BookingReviewsPanel } from '@/components/reviews/booking-reviews-panel.tsx';
import { RainExpectedPanel } from '@/components/weather/rain-expected-panel.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { FullPageSpinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useBooking } from '@/components/booking/api/get-booking.ts';
import { BookingNotFound } from '../components/booking-not-found.tsx';
import { BookingStatusBadge } from '@/components/booking/booking-status-badge.tsx';
import { AddToCalendar } from '../components/add-to-calendar.tsx';
import { CancelBookingDialog } from '../components/cancel-booking-dialog.tsx';
import { RescheduleDialog } from '../components/reschedule-dialog.tsx';
import { ReportNoShow } from '../components/report-no-show.tsx';
import { RequestAnswerNote } from '@/components/booking/request-answer-note.tsx';
import { formatLongDate } from '@/lib/calendar-dates.ts';
import { Navigation } from 'lucide-react';

/** /bookings/:id: a booking's details with the actions its status allows the viewer. */
export default function BookingDetailsPage() {
  const params = useParams<{ id: string }>();
  const booking = useBooking(Number(params.id));
  if (booking.isPending) return <FullPageSpinner label="Loading the booking" />;
  if (booking.isError) {
    if (booking.error instanceof ApiError && booking.error.status === 404) {
      return <BookingNotFound />;
    }
    // A refetch that failed (no signal, a dropped connection) keeps the booking as last loaded: a detailer offline goes
    // on working, their taps queued on the phone (decision 049).
    if (booking.data === undefined) return <ErrorState message="We couldn't load this booking." onRetry={() => booking.refetch()} />;
  }
  return <BookingDetails booking={booking.data} />;
}

function BookingDetails({ booking }: { booking: Booking }) {
  const { user } = useCurrentUser();
  const isCustomer = user?.id === booking.customerId;
  const hasEndedWithoutWork = statusIn(endedWithoutWorkStatuses, booking.status);
  const actions = new Set(booking.allowedActions);

  return (
    <div className="grid gap-4 p-4">
      <Card className="grid gap-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <div>
            <h1 className="text-xl font-semibold text-neutral-900">{booking.serviceName}</h1>
            <p className="text-sm text-neutral-600">{booking.detailerBusinessName}</p>
          </div>
          <BookingStatusBadge booking={booking} announce />
        </div>
        <BookingFacts when={`${formatLongDate(booking.date)} at ${booking.time}`} {...booking} />
        {booking.vehicleDetails && (
          <p className="text-sm text-neutral-700">
            <span className="font-medium text-neutral-900">Vehicle: </span>
            {[vehicleDescription(booking.vehicleDetails), booking.vehicleDetails.color, booking.vehicleDetails.licensePlate]
              .filter(Boolean)
              .join(' · ')}
          </p>
        )}
        {booking.notes && <p className="rounded-control bg-neutral-50 p-3 text-sm text-neutral-700">{booking.notes}</p>}
        {booking.accessNotes && (
          <p className="rounded-control bg-neutral-50 p-3 text-sm whitespace-pre-line text-neutral-700">
            <span className="font-medium text-neutral-900">Access notes: </span>
            {booking.accessNotes}
          </p>
        )}
      </Card>

      {isCustomer && <RequestAnswerNote booking={booking} />}
      {actions.has('report-no-show') && <ReportNoShow booking={booking} />}

      <RainExpectedPanel booking={booking} isCustomer={isCustomer} />

      {!isCustomer && user?.role === 'detailer' && <OfflineJobStatus bookingId={booking.id} />}

      <BookingProof booking={booking} />

      <Card className="p-4">
        <h2 className="mb-3 text-base font-semibold text-neutral-900">Payment</h2>
        <dl className="grid gap-2 text-sm">
          {[
            [booking.serviceName, booking.priceCents],
            // The vehicle type's surcharge (decision 020), its own line when there is one.
            ...(booking.vehicleSurchargeCents > 0 ? [[`${booking.vehicleType} surcharge`, booking.vehicleSurchargeCents]] : []),
          ].map(([label, cents]) => (
            <PriceLine key={label} label={label as string} cents={cents as number} />
          ))}
          {/* The booking's own numbers (decision 022): its discount, and the fee and tax it was priced with. */}
          <DiscountLine discountCents={booking.discountCents} discountSource={booking.discountSource} promoCode={booking.promoCode} />
          <PriceLine label="Service Fee" cents={booking.serviceFeeCents} />
          <PriceLine label="Tax" cents={booking.taxCents} />
          {hasEndedWithoutWork ? (
            <>
              {/* What the booking would have cost, then what the card was actually charged (issue 36). */}
              <PriceLine label="Booking total" cents={booking.totalCents} />
              <div className="flex justify-between gap-4 border-t border-neutral-200 pt-2 text-base">
                <dt className="font-semibold">{booking.capturedCents > 0 ? 'Cancellation fee charged' : 'Charged'}</dt>
                <dd className="font-bold tabular-nums">{formatUsd(booking.capturedCents)}</dd>
              </div>
              {booking.refundedCents > 0 && <PriceLine label="Refunded" cents={-booking.refundedCents} />}
            </>
          ) : (
            <div className="flex justify-between gap-4 border-t border-neutral-200 pt-2 text-base">
              <dt className="font-semibold">Total</dt>
              <dd className="font-bold tabular-nums">{formatUsd(booking.totalCents)}</dd>
            </div>
          )}
        </dl>
      </Card>

      {isCustomer && booking.status === 'pending_payment' && (
        <Button asChild variant="accent" size="lg">
          <Link href={`/checkout?bookingId=${booking.id}`}>
            <CreditCard aria-hidden />
            Complete payment
          </Link>
        </Button>
      )}

      {isCustomer && <AddToCalendar booking={booking} />}

      {isCustomer && statusIn(tripStatuses, booking.status) && (
        <Button asChild size="lg">
          <Link href="/track-provider">
            <Navigation aria-hidden />
            Track your detailer
          </Link>
        </Button>
      )}

      {canBookAgain(booking, user?.id) && (
        <BookAgainButton
          booking={booking}
          description={`${booking.serviceName} with ${booking.detailerBusinessName}`}
          variant="primary"
          size="lg"
        />
      )}

      <AfterJobSection booking={booking} isCustomer={isCustomer} />

      <DetailerActionButtons booking={booking} className="grid-cols-2" />

      <div className="grid grid-cols-2 gap-3">
        {actions.has('reschedule') && <RescheduleDialog booking={booking} />}
        {actions.has('cancel') && <CancelBookingDialog booking={booking} />}
        <MessageButton
          bookingId={booking.id}
          label={isCustomer ? 'Message detailer' : user?.role === 'admin' ? 'View messages' : 'Message customer'}
        />
        <Button asChild variant="secondary">
          <Link href={`/job-progress/${booking.id}`}>
            <Route aria-hidden />
            Job progress
          </Link>
        </Button>
      </div>

      {booking.status === 'completed' && (
        <BookingReviewsPanel bookingId={booking.id} detailerName={booking.detailerBusinessName} customerName={booking.customerName} />
      )}
    </div>
  );
}

function PriceLine({ label, cents }: { label: string; cents: number }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-neutral-600">{label}</dt>
      <dd className="tabular-nums">{formatUsd(cents)}</dd>
    </div>
  );
}
