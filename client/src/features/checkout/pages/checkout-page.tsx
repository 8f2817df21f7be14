import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CircleAlert, Gift } from 'lucide-react';
import { bookingStatusLabel } from '@core/domain/booking-status.ts';
import type { Booking } from '@core/schemas/booking.ts';
import type { IntentStatus, IntentStatusResponse } from '@core/schemas/payments.ts';
import { centsToDollars, dollarsToCents, formatUsd } from '@core/domain/money.ts';
import { bookingQueryOptions } from '@/components/booking/api/get-booking.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { FullPageSpinner } from '@/components/ui/spinner.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { Label } from '@/components/ui/label.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { invalidateLiveQueries } from '@/lib/live-queries.ts';
import { usePaymentGateway } from '@/lib/public-settings.ts';
import { currentUserQueryKey, useCurrentUser } from '@/lib/session/get-current-user.ts';
import { usePaymentIntent } from '../api/create-payment-intent.ts';
import { useAuthenticateTestPayment } from '../api/authenticate-test-payment.ts';
import { AuthenticationDialog } from '@/components/payments/authentication-dialog.tsx';
import { CheckoutSummary, CheckoutSummarySkeleton } from '../components/checkout-summary.tsx';
import { usePaymentMethods } from '@/components/payments/api/list-payment-methods.ts';
import { FormNotice } from '@/components/payments/form-notice.tsx';
import { TestCardForm } from '@/components/payments/test-card-form.tsx';
import { TestWalletButton } from '@/components/payments/test-wallet-button.tsx';
import { confirmWalletPayment } from '@/components/payments/api/confirm-wallet-payment.ts';
import { PromoCodeField } from '@/components/payments/promo-code-field.tsx';
import { continueAfterPayment } from '../lib/after-payment.ts';
import { outcomeOf, toastOutcome } from '../lib/payment-results.ts';

const StripePaymentForm = lazy(() => import('@/components/payments/stripe-payment-form.tsx'));

const defaultBookingId = 1;

type MessageAction = { href: string; label: string };

function MessageView({
  title,
  message,
  action = { href: '/', label: 'Return to Home' },
}: {
  title: string;
  message: string;
  action?: MessageAction;
}) {
  return (
    <div role="alert" className="grid justify-items-center gap-3 px-6 py-12 text-center">
      <div aria-hidden className="flex size-14 items-center justify-center rounded-full bg-danger-50 text-danger-600">
        <CircleAlert className="size-7" />
      </div>
      <h1 className="text-lg font-semibold text-neutral-900">{title}</h1>
      <p className="max-w-sm text-sm text-neutral-600">{message}</p>
      <Button asChild variant="secondary" className="mt-2">
        <Link href={action.href}>{action.label}</Link>
      </Button>
    </div>
  );
}

/** A dollar amount written as text (the user's referral credits), in cents; 0 when absent or not positive. */
function textDollarsToCents(value: string | undefined): number {
  const dollars = Number(value ?? 0);
  return Number.isFinite(dollars) && dollars > 0 ? dollarsToCents(dollars) : 0;
}

/**
 * What to say instead of the card form when the booking moved on while checkout was open (the live stream
 * refetches it): the hold lapsed, the customer cancelled it in another tab, or it was paid elsewhere.
 */
function bookingMovedOn(booking: Booking): { title: string; message: string; action: MessageAction } | null {
  const toBooking = { href: `/bookings/${booking.id}`, label: 'View booking' };
  switch (booking.status) {
    case 'pending_payment':
      return null;
    case 'abandoned':
      return {
        title: 'Hold expired',
        message: 'The hold on this time slot has lapsed. Please book again.',
        action: { href: `/booking/${booking.detailerId}`, label: 'Book again' },
      };
    case 'cancelled':
    case 'declined':
    case 'expired':
      return {
        title: 'Nothing to pay',
        message: `This booking is ${bookingStatusLabel(booking.status).toLowerCase()}.`,
        action: toBooking,
      };
    default:
      return { title: 'Already paid', message: 'This booking is paid: your card was authorized.', action: toBooking };
  }
}

/** /checkout?bookingId=N: pays the server's amount for the booking (the URL's amount is display-only). */
export default function CheckoutPage() {
  const { user, isLoading } = useCurrentUser();
  const search = new URLSearchParams(useSearch());
  const [, go] = useLocation();
  const queryClient = useQueryClient();
  const bookingId = Number(search.get('bookingId') ?? defaultBookingId);
  const amountParam = search.get('amount');
  const isAmountInvalid = amountParam !== null && !(Number(amountParam) > 0);

  const availableCents = textDollarsToCents(user?.referralCredits);
  const [creditsChoice, setCreditsChoice] = useState<boolean | null>(null);
  // On by itself when the customer has credits; the customer's own choice wins after that.
  const useCredits = creditsChoice ?? availableCents > 0;
  const canLoad = Boolean(user) && !isAmountInvalid && Number.isInteger(bookingId) && bookingId > 0;
  // The booking itself, live: if it moves on while this page is open, the page says so instead of taking a card.
  const booking = useQuery({ ...bookingQueryOptions(bookingId), enabled: canLoad });
  const [hasPaid, setHasPaid] = useState(false);
  const intent = usePaymentIntent(
    { bookingId, appliedCredits: useCredits ? centsToDollars(availableCents) : 0, ...(amountParam ? { amount: Number(amountParam) } : {}) },
    canLoad,
  );
  const [cardError, setCardError] = useState<string | null>(null);
  const [awaitingAuthentication, setAwaitingAuthentication] = useState(false);
  const authenticate = useAuthenticateTestPayment();
  // The test gateway's form asks for the saved cards too (same query): without any, it is the new-card form, whose
  // height the loading notices keep so that nothing below them moves when it arrives (issue 13: layout shift).
  const savedCards = usePaymentMethods();
  const reservesCardFormHeight = !savedCards.data?.length;
  // The gateway is known before the intent: with the test gateway its form is drawn at once (the server's first
  // screen makes no intent), so it is there at the first paint and nothing moves when the intent arrives.
  const gateway = usePaymentGateway();

  // 'Payment Setup Error' once per failure, with the server's message or the spec's fallback.
  const setupError = intent.error;
  useEffect(() => {
    if (!setupError) return;
    const message = setupError instanceof ApiError ? (setupError.serverMessage ?? setupError.message) : setupError.message;
    toast({
      title: 'Payment Setup Error',
      description: message || 'Could not process payment. Please try again later.',
      variant: 'destructive',
    });
  }, [setupError]);

  const onStatus = (status: IntentStatus, providerMessage: string | null = null) => {
    const outcome = outcomeOf(status);
    if (outcome === 'action') {
      setAwaitingAuthentication(true);
      return;
    }
    setAwaitingAuthentication(false);
    if (outcome === 'success') {
      setHasPaid(true);
      setCardError(null);
      toastOutcome('success');
      void invalidateLiveQueries(queryClient, 'booking');
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      continueAfterPayment(bookingId, go);
      return;
    }
    if (outcome === 'failed' && providerMessage) {
      setCardError(providerMessage);
      toast({ title: 'Payment Failed', description: providerMessage, variant: 'destructive' });
      return;
    }
    toastOutcome(outcome);
  };

  const onResult = (result: IntentStatusResponse) => onStatus(result.status, result.errorMessage);

  const onError = (error: unknown) => {
    const message = error instanceof ApiError && error.serverMessage ? error.serverMessage : 'An unexpected error occurred.';
    setCardError(message);
    toast({ title: 'Payment Failed', description: message, variant: 'destructive' });
  };

  if (isLoading) return <FullPageSpinner label="Loading checkout" />;
  if (!user) return <Redirect to="/login" />;
  if (isAmountInvalid) return <MessageView title="Invalid Amount" message="Please provide a valid payment amount." />;

  const movedOn = !hasPaid && booking.data ? bookingMovedOn(booking.data) : null;
  if (movedOn) return <MessageView {...movedOn} />;
  if (intent.isError) {
    return <MessageView title="Payment Error" message="We couldn't set up your payment. Please try again or contact support." />;
  }
  const data = intent.data;
  if (data && data.amountCents <= 0) return <MessageView title="Invalid Amount" message="Please provide a valid payment amount." />;

  return (
    <div className="grid gap-4 p-4">
      <Card>
        <CardHeader>
          <CardTitle as="h1">Complete your payment</CardTitle>
          <p className="text-sm text-neutral-600">You won't be charged until the service is completed.</p>
        </CardHeader>
        <CardContent className="grid gap-5">
          <div className="flex items-center justify-between gap-4 rounded-control bg-neutral-50 px-4 py-3">
            <div className="flex items-center gap-3">
              <Gift aria-hidden className="size-5 text-accent-600" />
              <div>
                <Label htmlFor="use-referral-credits" className="font-medium text-neutral-900">
                  Referral credits
                </Label>
                <p className="text-xs text-neutral-600">{formatUsd(availableCents)} available</p>
              </div>
            </div>
            <Switch
              id="use-referral-credits"
              checked={useCredits}
              disabled={availableCents <= 0}
              onCheckedChange={(checked) => {
                setCardError(null);
                setCreditsChoice(checked);
              }}
            />
          </div>
          {/* There from the first paint (disabled until the booking is in), so the card form below never moves down. */}
          <PromoCodeField
            bookingId={bookingId}
            appliedCode={booking.data?.discountSource === 'promo_code' ? booking.data.promoCode : null}
            discountCents={booking.data?.discountCents ?? 0}
            totalCents={booking.data?.totalCents ?? null}
            disabled={!booking.data || hasPaid || awaitingAuthentication}
          />
          {data ? (
            <CheckoutSummary
              totalCents={data.totalCents}
              creditsCents={data.creditsAppliedCents}
              amountCents={data.amountCents}
              surcharge={booking.data ? { vehicleType: booking.data.vehicleType, cents: booking.data.vehicleSurchargeCents } : undefined}
              discount={booking.data}
            />
          ) : (
            <CheckoutSummarySkeleton
              hasCredits={useCredits && availableCents > 0}
              hasSurcharge={(booking.data?.vehicleSurchargeCents ?? 0) > 0}
            />
          )}
          {/* 378 px: the new-card form at 390 px wide (its test-card hint on two lines). The waiting notice fills it
              while the gateway is unknown; the test gateway's form, waiting for its intent, is that height already. */}
          <div className={reservesCardFormHeight ? 'flex min-h-[23.625rem] flex-col [&>p]:flex-1' : 'flex flex-col'}>
            {!data && gateway !== 'test' ? (
              <FormNotice>Connecting to Stripe payment system...</FormNotice>
            ) : data && data.gateway === 'stripe' && data.publishableKey ? (
              <Suspense fallback={<FormNotice>Connecting to Stripe payment system...</FormNotice>}>
                <StripePaymentForm
                  publishableKey={data.publishableKey}
                  clientSecret={data.clientSecret}
                  amountCents={data.amountCents}
                  cardError={cardError}
                  onStatus={onStatus}
                  onCardError={(message) => onStatus('requires_payment_method', message)}
                  onError={onError}
                  confirmWallet={(walletPaymentMethod) => confirmWalletPayment({ clientSecret: data.clientSecret, walletPaymentMethod })}
                />
              </Suspense>
            ) : (
              <TestCardForm
                clientSecret={data?.clientSecret ?? null}
                amountCents={data?.amountCents ?? null}
                cardError={cardError}
                onAttempt={() => setCardError(null)}
                onResult={onResult}
                onError={onError}
              />
            )}
          </div>
          {/* Apple Pay and Google Pay's stand-in on the built-in gateway (Stripe's form offers the real ones): below the card
              form, so nothing above moves when it arrives. */}
          {gateway === 'test' && (!data || data.gateway === 'test') && (
            <TestWalletButton
              clientSecret={data?.clientSecret ?? null}
              amountCents={data?.amountCents ?? null}
              disabled={hasPaid || awaitingAuthentication}
              onResult={onResult}
              onError={onError}
            />
          )}
          {/* The disclosure for the kept card (setup_future_usage): what it is kept for, and what Glossly sees of it. */}
          <p className="text-xs text-neutral-600">
            Our payment provider keeps this card for this booking, so a tip after the job takes one tap. Glossly sees only its brand and
            last four digits.
          </p>
          <p className="text-center text-sm text-neutral-600">
            <Link href="/help-support" className="font-medium text-brand-700 underline-offset-4 hover:underline">
              Need help? Contact customer support
            </Link>
          </p>
        </CardContent>
      </Card>
      <Button asChild variant="secondary" size="lg">
        <Link href="/">
          <ArrowLeft aria-hidden /> Back
        </Link>
      </Button>
      {awaitingAuthentication && data && (
        <AuthenticationDialog
          amountCents={data.amountCents}
          isPending={authenticate.isPending}
          onAnswer={(approve) => authenticate.mutate({ clientSecret: data.clientSecret, approve }, { onSuccess: onResult, onError })}
        />
      )}
    </div>
  );
}
