import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { centsToDollars, formatUsd } from '@core/domain/money.ts';
import type { IntentStatus } from '@core/schemas/payments.ts';
import { Button } from '@/components/ui/button.tsx';
import { FormNotice } from './form-notice.tsx';

type Props = {
  publishableKey: string;
  clientSecret: string;
  amountCents: number;
  cardError: string | null;
  onStatus: (status: IntentStatus) => void;
  onCardError: (message: string) => void;
  onError: (error: unknown) => void;
  /** Where the bank's page returns when the card needs it: checkout's payment-success page by default. */
  returnPath?: string;
};

/** Stripe's Payment Element; this module (and stripe.js) loads only when Stripe keys are configured. */
export default function StripePaymentForm({
  publishableKey,
  clientSecret,
  amountCents,
  cardError,
  onStatus,
  onCardError,
  onError,
  returnPath,
}: Props) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [elements, setElements] = useState<StripeElements | null>(null);
  const [state, setState] = useState<'connecting' | 'setting-up' | 'ready' | 'processing'>('connecting');
  // Mounting the Payment Element once per client secret: a new onError each render must not remount it.
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onErrorRef.current = onError;
  });

  useEffect(() => {
    let cancelled = false;
    loadStripe(publishableKey)
      .then((loaded) => {
        if (cancelled || !loaded || !mountRef.current) return;
        setState('setting-up');
        const created = loaded.elements({ clientSecret });
        const element = created.create('payment');
        element.on('ready', () => setState('ready'));
        element.mount(mountRef.current);
        setStripe(loaded);
        setElements(created);
      })
      .catch((error: unknown) => onErrorRef.current(error));
    return () => {
      cancelled = true;
    };
  }, [publishableKey, clientSecret]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setState('processing');
    try {
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: {
          return_url: `${window.location.origin}${returnPath ?? `/payment-success?amount=${centsToDollars(amountCents).toFixed(2)}`}`,
        },
        redirect: 'if_required',
      });
      if (result.error) onCardError(result.error.message ?? 'An unexpected error occurred.');
      else onStatus(result.paymentIntent.status as IntentStatus);
    } catch (error) {
      onError(error);
    } finally {
      setState('ready');
    }
  };

  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Card details">
      {state === 'connecting' && <FormNotice>Connecting to Stripe payment system...</FormNotice>}
      {state === 'setting-up' && <FormNotice>Setting up secure payment form...</FormNotice>}
      <div ref={mountRef} />
      {cardError && (
        <p role="alert" className="rounded-control bg-danger-50 px-3 py-2 text-sm font-medium text-danger-700">
          {cardError}
        </p>
      )}
      <Button type="submit" size="lg" variant="accent" disabled={state !== 'ready'}>
        {state === 'processing' ? 'Processing...' : `Pay ${formatUsd(amountCents)}`}
      </Button>
    </form>
  );
}
