import { lazy, Suspense, useId, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Heart } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { formatUsd } from '@core/domain/money.ts';
import { parseDollars } from '@core/domain/typed-dollars.ts';
import type { IntentStatus, IntentStatusResponse } from '@core/schemas/payments.ts';
import { customTipChoice } from '@core/domain/tip.ts';
import type { BookingTip, TipForm, TipFormInput, TipIntent } from '@core/schemas/tip.ts';
import { AuthenticationDialog } from '@/components/payments/authentication-dialog.tsx';
import { FormNotice } from '@/components/payments/form-notice.tsx';
import { cardName } from '@/components/payments/saved-card-choice.tsx';
import { TestCardForm } from '@/components/payments/test-card-form.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { schemaResolver } from '@/lib/schema-resolver.ts';
import { toast } from '@/lib/toast.ts';
import { useAuthenticateTipPayment } from './api/authenticate-tip-payment.ts';
import { confirmTipPayment } from './api/confirm-tip-payment.ts';
import { useCreateTip } from './api/create-tip.ts';
import { bookingTipQueryKey, useBookingTip } from './api/get-booking-tip.ts';

const StripePaymentForm = lazy(() => import('@/components/payments/stripe-payment-form.tsx'));

/**
 * 'Add a tip' on a completed booking, for its customer, within 48 hours: 15, 20 or 25 % of the price or an amount,
 * paid with the same card form as checkout (its own payment, all of it the detailer's). Afterwards, the thanks.
 */
export function TipCard({ bookingId, detailerName }: { bookingId: number; detailerName: string }) {
  const tip = useBookingTip(bookingId);
  if (tip.isPending) return <Skeleton className="h-40 rounded-card" aria-hidden />;
  if (tip.isError || !tip.data) return null;
  if (tip.data.tip) {
    return (
      <Card className="flex items-center gap-3 p-4" role="status">
        <span aria-hidden className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-50 text-accent-600">
          <Heart className="size-5" />
        </span>
        <p className="text-sm text-neutral-800">
          <span className="font-semibold">Thanks! You tipped {formatUsd(tip.data.tip.amountCents)}.</span> All of it goes to {detailerName}.
        </p>
      </Card>
    );
  }
  if (!tip.data.canTip) return null;
  return <TipForm bookingId={bookingId} detailerName={detailerName} data={tip.data} />;
}

function TipForm({ bookingId, detailerName, data }: { bookingId: number; detailerName: string; data: BookingTip }) {
  const id = useId();
  const queryClient = useQueryClient();
  const create = useCreateTip();
  const authenticate = useAuthenticateTipPayment();
  const resolver = useMemo(
    () =>
      schemaResolver<TipFormInput, TipForm>(() =>
        import('@core/schemas/tip.ts').then((schemas) => schemas.tipFormSchema(data.suggestions)),
      ),
    [data.suggestions],
  );
  const form = useForm<TipFormInput, unknown, TipForm>({
    resolver,
    defaultValues: { choice: String(data.suggestions[1]?.percent ?? customTipChoice), custom: '' },
  });
  const [choice, custom] = useWatch({ control: form.control, name: ['choice', 'custom'] });
  const amountError = form.formState.errors.custom?.message;
  const [intent, setIntent] = useState<TipIntent | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const [awaitingAuthentication, setAwaitingAuthentication] = useState(false);
  // One key per amount the customer goes on with: a retried request finds the same tip instead of a second one.
  const [attempt, setAttempt] = useState<{ amountCents: number; key: string } | null>(null);

  // What the button names as the customer types; the schema decides on submit whether it can be paid.
  const chosenCents =
    choice === customTipChoice ? parseDollars(custom) : (data.suggestions.find((s) => String(s.percent) === choice)?.amountCents ?? null);

  const bookingCard = data.bookingCard;
  /** withBookingCard: the one-tap tip, paid at once with the card the booking was paid with. */
  const start =
    (withBookingCard: boolean) =>
    ({ amountCents }: TipForm) => {
      const key = attempt?.amountCents === amountCents ? attempt.key : crypto.randomUUID();
      setAttempt({ amountCents, key });
      create.mutate(
        { bookingId, amountCents, idempotencyKey: key, ...(withBookingCard ? { withBookingCard } : {}) },
        {
          onSuccess: (started) => {
            const isPaid = started.status === 'succeeded' || started.status === 'requires_capture';
            // Paid in one tap: straight to the thanks, no card form in between.
            if (!(withBookingCard && isPaid)) setIntent(started);
            if (!withBookingCard) return;
            // Refused by the bank: the card form opens for another card, saying why.
            if (started.status === 'requires_payment_method')
              setCardError("The booking's card was declined for this tip. Enter another card.");
            // Stripe's bank check is answered in Stripe's own form (the built-in gateway's dialog is its stand-in).
            else if (started.status === 'requires_action' && started.gateway === 'stripe')
              setCardError('Your bank asks you to confirm this tip. Enter the card to confirm it.');
            else onStatus(started.status, null, started.amountCents);
          },
          onError: (error) =>
            toast({ title: 'Tip not started', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
        },
      );
    };

  const onStatus = (status: IntentStatus, message: string | null = null, amountCents = intent?.amountCents ?? 0) => {
    if (status === 'requires_action') return setAwaitingAuthentication(true);
    setAwaitingAuthentication(false);
    if (status === 'succeeded' || status === 'requires_capture') {
      toast({ title: 'Thank you!', description: `${detailerName} gets all of your ${formatUsd(amountCents)} tip.` });
      void queryClient.invalidateQueries({ queryKey: bookingTipQueryKey(bookingId) });
      return;
    }
    if (status === 'processing') return toast({ title: 'Processing Payment', description: 'Your tip is processing.' });
    setCardError(message ?? 'Your payment was not successful, please try again.');
  };
  const onResult = (result: IntentStatusResponse) => onStatus(result.status, result.errorMessage);
  const onError = (error: unknown) => setCardError(errorMessage(error, 'An unexpected error occurred.'));

  return (
    <Card className="grid gap-4 p-4">
      <div>
        <h2 className="text-base font-semibold text-neutral-900">Add a tip</h2>
        <p className="text-sm text-neutral-600">100 % goes to {detailerName}. You can tip for 48 hours after the job.</p>
      </div>
      {intent ? (
        <div className="grid gap-3">
          <p className="flex items-center justify-between gap-2 rounded-control bg-neutral-50 px-4 py-3 text-sm">
            <span className="text-neutral-700">Tip</span>
            <span className="font-semibold text-neutral-900 tabular-nums">{formatUsd(intent.amountCents)}</span>
          </p>
          {intent.gateway === 'stripe' && intent.publishableKey ? (
            <Suspense fallback={<FormNotice>Connecting to Stripe payment system...</FormNotice>}>
              <StripePaymentForm
                publishableKey={intent.publishableKey}
                clientSecret={intent.clientSecret}
                amountCents={intent.amountCents}
                cardError={cardError}
                onStatus={onStatus}
                onCardError={(message) => onStatus('requires_payment_method', message)}
                onError={onError}
                returnPath={`/bookings/${bookingId}`}
              />
            </Suspense>
          ) : (
            <TestCardForm
              key={intent.clientSecret}
              clientSecret={intent.clientSecret}
              amountCents={intent.amountCents}
              cardError={cardError}
              onAttempt={() => setCardError(null)}
              onResult={onResult}
              onError={onError}
              confirmPayment={confirmTipPayment}
              payVerb="Tip"
              offersOneTap={false}
            />
          )}
          <Button variant="ghost" onClick={() => setIntent(null)}>
            Change amount
          </Button>
        </div>
      ) : (
        <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(start(false))}>
          <RadioGroup
            aria-label="Tip amount"
            value={choice}
            onValueChange={(value) => form.setValue('choice', value)}
            className="grid grid-cols-2 gap-2"
          >
            {data.suggestions.map((suggestion) => (
              <TipOption
                key={suggestion.percent}
                id={`${id}-${suggestion.percent}`}
                value={String(suggestion.percent)}
                isSelected={choice === String(suggestion.percent)}
              >
                <span className="font-semibold text-neutral-900">{suggestion.percent} %</span>
                <span className="text-neutral-600 tabular-nums">{formatUsd(suggestion.amountCents)}</span>
              </TipOption>
            ))}
            <TipOption id={`${id}-custom`} value={customTipChoice} isSelected={choice === customTipChoice}>
              <span className="font-semibold text-neutral-900">Other amount</span>
            </TipOption>
          </RadioGroup>
          {choice === customTipChoice && (
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-amount`}>Tip amount (USD)</Label>
              <Input
                id={`${id}-amount`}
                inputMode="decimal"
                autoComplete="off"
                placeholder="10.00"
                {...form.register('custom')}
                aria-invalid={amountError ? true : undefined}
                aria-describedby={amountError ? `${id}-amount-error` : undefined}
              />
              {amountError && (
                <p id={`${id}-amount-error`} role="alert" className="text-sm text-danger-700">
                  {amountError}
                </p>
              )}
            </div>
          )}
          {bookingCard ? (
            <>
              {/* A card's name can be long (American Express): the label wraps rather than widening a 320 px page. */}
              <Button type="button" variant="accent" disabled={create.isPending} onClick={form.handleSubmit(start(true))}>
                <span className="whitespace-normal">
                  {create.isPending
                    ? 'Tipping...'
                    : `Tip ${chosenCents !== null ? `${formatUsd(chosenCents)} ` : ''}with ${cardName(bookingCard)}`}
                </span>
              </Button>
              <Button type="submit" variant="ghost" disabled={create.isPending}>
                Use another card
              </Button>
            </>
          ) : (
            <Button type="submit" variant="accent" size="lg" disabled={create.isPending}>
              {create.isPending
                ? 'Starting...'
                : chosenCents !== null && choice !== customTipChoice
                  ? `Continue with ${formatUsd(chosenCents)}`
                  : 'Continue'}
            </Button>
          )}
        </form>
      )}
      {awaitingAuthentication && intent && (
        <AuthenticationDialog
          amountCents={intent.amountCents}
          isPending={authenticate.isPending}
          onAnswer={(approve) => authenticate.mutate({ clientSecret: intent.clientSecret, approve }, { onSuccess: onResult, onError })}
        />
      )}
    </Card>
  );
}

function TipOption({ id, value, isSelected, children }: { id: string; value: string; isSelected: boolean; children: ReactNode }) {
  return (
    <Label
      htmlFor={id}
      className={cn(
        'flex min-h-14 cursor-pointer items-center gap-3 rounded-control border border-neutral-200 px-3 py-2 font-normal',
        isSelected && 'border-brand-600 bg-brand-50',
      )}
    >
      <RadioGroupItem id={id} value={value} />
      <span className="grid text-sm leading-tight">{children}</span>
    </Label>
  );
}
