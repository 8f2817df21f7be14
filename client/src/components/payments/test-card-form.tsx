import { useEffect, useId, useState } from 'react';
import { Lock } from 'lucide-react';
import { formatUsd } from '@core/domain/money.ts';
import type { ConfirmTestPaymentInput, IntentStatusResponse } from '@core/schemas/payments.ts';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { Label } from '@/components/ui/label.tsx';
import { useConfirmTestPayment } from './api/confirm-test-payment.ts';
import { usePaymentMethods } from './api/list-payment-methods.ts';
import { CardForm, SubmitOrNotice } from './card-form.tsx';
import { FormNotice } from './form-notice.tsx';
import { OneTapPay } from './one-tap-pay.tsx';
import { newCardChoice, SavedCardChoice } from './saved-card-choice.tsx';

type Props = {
  /** Null while checkout's payment intent is being made: the form is there and takes the card, paying waits. */
  clientSecret: string | null;
  /** Null while it is unknown (no intent yet). */
  amountCents: number | null;
  /** A message from the card network for the last attempt (shown inline, in red). */
  cardError: string | null;
  /** A new attempt starts: the last attempt's message goes away. */
  onAttempt: () => void;
  onResult: (result: IntentStatusResponse) => void;
  onError: (error: unknown) => void;
  /** The endpoint that confirms this intent: checkout's by default; a tip has its own. */
  confirmPayment?: (input: ConfirmTestPaymentInput) => Promise<IntentStatusResponse>;
  /** What the pay button says before the amount ('Pay', 'Tip'). */
  payVerb?: string;
  /** Whether the default card is offered as one tap first; the tip has its own one-tap button before this form. */
  offersOneTap?: boolean;
};

/**
 * The built-in test gateway's payment form: one tap with the customer's default card (decision 051), 'Use another
 * card' opening their saved cards as a choice (when there are any), else the shared card fields, the test-card hint and
 * 'Keep this card for next time'. (With Stripe, checkout shows Stripe's form instead and
 * no saved cards: paying with one there would need Stripe's own saved payment methods.) It is drawn before the
 * payment intent exists (the server's first screen makes none): until then, and for the one-frame set-up of each
 * new intent, a notice holds the pay button's place. A new intent (the credits switched) keeps what was typed.
 */
export function TestCardForm({
  clientSecret,
  amountCents,
  cardError,
  onAttempt,
  onResult,
  onError,
  confirmPayment,
  payVerb = 'Pay',
  offersOneTap = true,
}: Props) {
  const id = useId();
  // The intent the form was last set up for: a new one sets it up again (one paint, the notice showing meanwhile).
  const [setUpFor, setSetUpFor] = useState<string | null>(null);
  const [saveCard, setSaveCard] = useState(false);
  const confirm = useConfirmTestPayment(confirmPayment);
  const savedCards = usePaymentMethods();
  const cards = savedCards.data ?? [];
  const [choice, setChoice] = useState<string | null>(null);
  // The default card is one tap until the customer picks another; without one the first saved card is picked.
  const defaultCard = cards.find((card) => card.isDefault) ?? null;
  const selected = choice ?? (cards[0] ? String(cards[0].id) : newCardChoice);
  const payLabel = amountCents !== null && (
    <>
      <Lock aria-hidden="true" /> {payVerb} {formatUsd(amountCents)}
    </>
  );
  // Paying waits for the intent and the form's set-up; the card can be typed meanwhile.
  const notice =
    clientSecret === null || amountCents === null
      ? 'Connecting to Stripe payment system...'
      : setUpFor !== clientSecret
        ? 'Setting up secure payment form...'
        : undefined;

  // The form is local, so setting up is one paint; the notice still shows while it happens.
  useEffect(() => {
    const frame = requestAnimationFrame(() => setSetUpFor(clientSecret));
    return () => cancelAnimationFrame(frame);
  }, [clientSecret]);

  // A list that cannot be read only hides the saved cards: the card form still works.
  if (savedCards.isPending) return <FormNotice>Setting up secure payment form...</FormNotice>;

  if (offersOneTap && defaultCard && choice === null) {
    return (
      <OneTapPay
        card={defaultCard}
        amountCents={amountCents ?? 0}
        payVerb={payVerb}
        isProcessing={confirm.isPending}
        notice={notice}
        cardError={cardError}
        onPay={() => {
          if (notice || clientSecret === null) return;
          onAttempt();
          confirm.mutate({ clientSecret, paymentMethodId: defaultCard.id }, { onSuccess: onResult, onError });
        }}
        onUseAnotherCard={() => {
          onAttempt();
          setChoice(newCardChoice);
        }}
      />
    );
  }

  const choiceView =
    cards.length > 0 ? (
      <SavedCardChoice
        cards={cards}
        value={selected}
        disabled={confirm.isPending}
        onChange={(value) => {
          onAttempt();
          setChoice(value);
        }}
      />
    ) : null;

  if (selected !== newCardChoice) {
    return (
      <form
        aria-label="Pay with a saved card"
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (notice || clientSecret === null) return;
          onAttempt();
          confirm.mutate({ clientSecret, paymentMethodId: Number(selected) }, { onSuccess: onResult, onError });
        }}
      >
        {choiceView}
        {cardError && (
          <p role="alert" className="rounded-control bg-danger-50 px-3 py-2 text-sm font-medium text-danger-700">
            {cardError}
          </p>
        )}
        <SubmitOrNotice notice={notice} isProcessing={confirm.isPending} label={payLabel} />
      </form>
    );
  }

  return (
    <div className="grid gap-4">
      {choiceView}
      <CardForm
        label="Card details"
        isProcessing={confirm.isPending}
        cardError={cardError}
        notice={notice}
        onSubmit={(card) => {
          if (clientSecret === null) return; // never: the notice holds the button's place until the intent is in
          onAttempt();
          confirm.mutate({ clientSecret, card, ...(saveCard ? { saveCard: true } : {}) }, { onSuccess: onResult, onError });
        }}
        submitLabel={payLabel}
      >
        <Label htmlFor={`${id}-save`} className="flex min-h-11 cursor-pointer items-center gap-3 font-normal text-neutral-700">
          <Checkbox id={`${id}-save`} checked={saveCard} onCheckedChange={setSaveCard} disabled={confirm.isPending} />
          Keep this card for next time
        </Label>
        <p className="rounded-control border border-dashed border-neutral-300 px-3 py-2 text-xs text-neutral-600">
          Test mode: use card 4242 4242 4242 4242 with any future expiry, any CVC and any ZIP. 4000 0000 0000 0002 is declined; 4000 0025
          0000 3155 asks you to confirm the payment.
        </p>
      </CardForm>
    </div>
  );
}
