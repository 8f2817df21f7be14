import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { PaymentRequest, Stripe, StripeElements } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { Wallet } from 'lucide-react';
import { centsToDollars, formatUsd } from '@core/domain/money.ts';
import type { IntentStatus, IntentStatusResponse } from '@core/schemas/payments.ts';
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
  /**
   * Apple Pay or Google Pay through Stripe's Payment Request Button: the wallet's payment method goes to the server,
   * which confirms this same intent (POST /api/payments/wallet/confirm). Left out, no wallet button.
   */
  confirmWallet?: (walletPaymentMethod: string) => Promise<IntentStatusResponse>;
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
  confirmWallet,
}: Props) {
  const mountRef = useRef<HTMLDivElement>(null);
  // The browser's wallet, once canMakePayment said it has one: its name, and the request our button shows.
  const [wallet, setWallet] = useState<{ name: string; request: PaymentRequest } | null>(null);
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [elements, setElements] = useState<StripeElements | null>(null);
  const [state, setState] = useState<'connecting' | 'setting-up' | 'ready' | 'processing'>('connecting');
  // Mounting the Payment Element once per client secret: a new onError each render must not remount it.
  const onErrorRef = useRef(onError);
  const walletRefs = useRef({ confirmWallet, onStatus });
  useEffect(() => {
    onErrorRef.current = onError;
    walletRefs.current = { confirmWallet, onStatus };
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
        if (walletRefs.current.confirmWallet) offerWallet(loaded);
      })
      .catch((error: unknown) => onErrorRef.current(error));
    return () => {
      cancelled = true;
    };
    // Shown only where the browser has a wallet with a card in it (canMakePayment); the amount is the server's intent's.
    function offerWallet(loaded: Stripe) {
      const request = loaded.paymentRequest({ country: 'US', currency: 'usd', total: { label: 'Glossly', amount: amountCents } });
      request.on('paymentmethod', (event) => {
        const { confirmWallet: confirm, onStatus: report } = walletRefs.current;
        if (!confirm) return event.complete('fail');
        confirm(event.paymentMethod.id)
          .then((result) => {
            event.complete(result.status === 'requires_payment_method' ? 'fail' : 'success');
            report(result.status);
          })
          .catch((error: unknown) => {
            event.complete('fail');
            onErrorRef.current(error);
          });
      });
      void request.canMakePayment().then((can) => {
        if (cancelled || !can) return;
        const name = can.applePay ? 'Apple Pay' : can.googlePay ? 'Google Pay' : 'your browser wallet';
        setWallet({ name, request });
      });
    }
  }, [publishableKey, clientSecret, amountCents]);

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
      {wallet && (
        // Stripe's Payment Request: our button opens the browser's own wallet sheet (show() needs this tap).
        <Button
          size="lg"
          className="bg-neutral-900 hover:bg-neutral-800"
          disabled={state === 'processing'}
          onClick={() => wallet.request.show()}
        >
          <Wallet aria-hidden="true" /> Pay with {wallet.name}
        </Button>
      )}
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
