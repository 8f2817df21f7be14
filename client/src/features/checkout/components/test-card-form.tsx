import { useEffect, useId, useState } from 'react';
import { Lock } from 'lucide-react';
import { formatUsd } from '@core/domain/money.ts';
import type { IntentStatusResponse } from '@core/schemas/payments.ts';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { Label } from '@/components/ui/label.tsx';
import { useConfirmTestPayment } from '../api/confirm-test-payment.ts';
import { CardForm } from './card-form.tsx';
import { FormNotice } from './form-notice.tsx';

type Props = {
  clientSecret: string;
  amountCents: number;
  /** A message from the card network for the last attempt (shown inline, in red). */
  cardError: string | null;
  /** A new attempt starts: the last attempt's message goes away. */
  onAttempt: () => void;
  onResult: (result: IntentStatusResponse) => void;
  onError: (error: unknown) => void;
};

/** The built-in test gateway's payment form: the shared card fields, the test-card hint and 'Save this card'. */
export function TestCardForm({ clientSecret, amountCents, cardError, onAttempt, onResult, onError }: Props) {
  const id = useId();
  const [isSettingUp, setIsSettingUp] = useState(true);
  const [saveCard, setSaveCard] = useState(false);
  const confirm = useConfirmTestPayment();

  // The form is local, so setting up is one paint; the notice still shows while it happens.
  useEffect(() => {
    const frame = requestAnimationFrame(() => setIsSettingUp(false));
    return () => cancelAnimationFrame(frame);
  }, [clientSecret]);

  if (isSettingUp) return <FormNotice>Setting up secure payment form...</FormNotice>;

  return (
    <CardForm
      label="Card details"
      isProcessing={confirm.isPending}
      cardError={cardError}
      onSubmit={(card) => {
        onAttempt();
        confirm.mutate({ clientSecret, card, ...(saveCard ? { saveCard: true } : {}) }, { onSuccess: onResult, onError });
      }}
      submitLabel={
        <>
          <Lock aria-hidden="true" /> Pay {formatUsd(amountCents)}
        </>
      }
    >
      <Label htmlFor={`${id}-save`} className="flex min-h-11 cursor-pointer items-center gap-3 font-normal text-neutral-700">
        <Checkbox id={`${id}-save`} checked={saveCard} onCheckedChange={(checked) => setSaveCard(checked === true)} disabled={confirm.isPending} />
        Save this card
      </Label>
      <p className="rounded-control border border-dashed border-neutral-300 px-3 py-2 text-xs text-neutral-600">
        Test mode: use card 4242 4242 4242 4242 with any future expiry, any CVC and any ZIP. 4000 0000 0000 0002 is
        declined; 4000 0025 0000 3155 asks you to confirm the payment.
      </p>
    </CardForm>
  );
}
