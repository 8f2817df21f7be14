import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { CircleAlert, CircleCheck, Clock, ReceiptText } from 'lucide-react';
import { dollarsToCents, formatUsd } from '@core/domain/money.ts';
import { AfterBookingLinks } from '@/components/booking/after-booking-links.tsx';
import { useBooking } from '@/components/booking/api/get-booking.ts';
import { RequestAnswerNote } from '@/components/booking/request-answer-note.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FullPageSpinner } from '@/components/ui/spinner.tsx';
import { useCurrentUser } from '@/lib/session/get-current-user.ts';
import { useBookingPaymentStatus } from '../api/get-booking-payment-status.ts';
import { useIntentStatus } from '../api/get-intent-status.ts';
import { outcomeOf, successRedirectMs } from '../lib/payment-results.ts';
import { parseRouteId } from '@core/domain/ids.ts';

const views = {
  success: {
    icon: CircleCheck,
    tone: 'bg-success-100 text-success-700',
    title: 'Payment Successful',
    text: 'Your card is authorized. Taking you to your bookings...',
  },
  processing: { icon: Clock, tone: 'bg-brand-50 text-brand-700', title: 'Processing Payment', text: 'Your payment is processing.' },
  failed: {
    icon: CircleAlert,
    tone: 'bg-danger-50 text-danger-600',
    title: 'Payment Failed',
    text: 'Your payment was not successful, please try again.',
  },
  action: { icon: Clock, tone: 'bg-brand-50 text-brand-700', title: 'Processing Payment', text: 'Your payment is processing.' },
  other: {
    icon: CircleAlert,
    tone: 'bg-danger-50 text-danger-600',
    title: 'Something went wrong',
    text: 'Please try again or contact support.',
  },
} as const;

/**
 * /payment-success?amount=&payment_intent_client_secret=: where the card provider returns the customer.
 * /payment-success?id={bookingId}: where a 'payment' notification links (that booking's payment).
 */
export default function PaymentSuccessPage() {
  const { user, isLoading } = useCurrentUser();
  const search = new URLSearchParams(useSearch());
  const [, go] = useLocation();
  const clientSecret = search.get('payment_intent_client_secret');
  const amount = Number(search.get('amount'));
  const idParam = search.get('id');
  const bookingId = clientSecret ? null : parseRouteId(idParam);
  const byClientSecret = useIntentStatus(user ? clientSecret : null);
  const byBooking = useBookingPaymentStatus(user ? bookingId : null);
  const status = clientSecret ? byClientSecret : byBooking;
  const outcome = status.data ? outcomeOf(status.data.status) : null;

  useEffect(() => {
    if (outcome !== 'success') return;
    const timer = setTimeout(() => go('/bookings'), successRedirectMs);
    return () => clearTimeout(timer);
  }, [outcome, go]);

  if (isLoading || status.isLoading) return <FullPageSpinner label="Checking your payment" />;
  const hasPayment = Boolean(clientSecret) || bookingId !== null;
  if (!hasPayment || status.isError || !outcome) {
    return <NoPaymentView isError={hasPayment && status.isError} onRetry={() => void status.refetch()} />;
  }
  const view = views[outcome];
  const text = status.data?.status === 'succeeded' ? 'Your payment is complete. Taking you to your bookings...' : view.text;
  const amountCents = status.data?.amountCents ?? (amount > 0 ? dollarsToCents(amount) : null);
  const Icon = view.icon;

  return (
    <section aria-labelledby="payment-result-heading" className="grid gap-5 p-4 pt-10 text-center">
      <div aria-hidden className={`mx-auto flex size-16 items-center justify-center rounded-full ${view.tone}`}>
        <Icon className="size-9" />
      </div>
      <h1 id="payment-result-heading" className="text-2xl font-bold text-neutral-900">
        {view.title}
      </h1>
      {amountCents !== null && <p className="text-lg font-semibold text-neutral-900 tabular-nums">{formatUsd(amountCents)}</p>}
      <p className="text-neutral-600">{text}</p>
      {outcome === 'success' && status.data?.bookingId ? <BookingPromise bookingId={status.data.bookingId} /> : null}
      <AfterBookingLinks />
    </section>
  );
}

/**
 * What the payment bought, said as it is (decision 035): a booking the detailer has accepted (at once, with instant
 * booking) is confirmed; a request still waits for the detailer, until its answer-by, or the card hold is released.
 */
function BookingPromise({ bookingId }: { bookingId: number }) {
  const booking = useBooking(bookingId);
  if (!booking.data) return null;
  const { status, detailerBusinessName } = booking.data;
  if (status === 'requested') {
    return (
      <div className="grid gap-2">
        <p className="font-semibold text-neutral-900">Request sent to {detailerBusinessName}</p>
        <RequestAnswerNote booking={booking.data} />
      </div>
    );
  }
  if (status === 'accepted') return <p className="font-semibold text-success-700">Booking confirmed with {detailerBusinessName}.</p>;
  return null;
}

/** Nothing to report: no payment in the URL, or its status could not be read. No tick: nothing succeeded. */
function NoPaymentView({ isError, onRetry }: { isError: boolean; onRetry: () => void }) {
  return (
    <section
      aria-labelledby="payment-result-heading"
      data-testid={isError ? 'payment-status-error' : 'no-payment'}
      className="grid gap-5 p-4 pt-10 text-center"
    >
      <div
        aria-hidden
        className={`mx-auto flex size-16 items-center justify-center rounded-full ${isError ? 'bg-danger-50 text-danger-600' : 'bg-neutral-100 text-neutral-500'}`}
      >
        {isError ? <CircleAlert className="size-9" /> : <ReceiptText className="size-9" />}
      </div>
      <div className="grid gap-2">
        <h1 id="payment-result-heading" className="text-2xl font-bold text-neutral-900">
          {isError ? 'Payment' : 'No payment to show'}
        </h1>
        <p className="text-neutral-600">
          {isError
            ? "We couldn't read this payment's status."
            : 'Open a payment from your notifications or your bookings to see how it went.'}
        </p>
      </div>
      {isError && (
        <Button size="lg" variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      )}
      <AfterBookingLinks />
    </section>
  );
}
