import { useState } from 'react';
import { Wallet } from 'lucide-react';
import type { IntentStatusResponse } from '@core/schemas/payments.ts';
import { testWalletPaymentMethod } from '@core/schemas/one-tap.ts';
import { Button } from '@/components/ui/button.tsx';
import { useConfirmWalletPayment } from './api/confirm-wallet-payment.ts';
import { TestWalletSheet } from './test-wallet-sheet.tsx';

type Props = {
  /** Null while the intent is being made: the button waits. */
  clientSecret: string | null;
  amountCents: number | null;
  disabled?: boolean;
  onResult: (result: IntentStatusResponse) => void;
  onError: (error: unknown) => void;
};

/**
 * The built-in gateway's stand-in for Apple Pay and Google Pay (Stripe's Payment Request Button where Stripe is set
 * up): its sheet pays the same intent through the same server path, with the test wallet's card.
 */
export function TestWalletButton({ clientSecret, amountCents, disabled = false, onResult, onError }: Props) {
  const [isOpen, setIsOpen] = useState(false);
  const confirm = useConfirmWalletPayment();
  const isReady = clientSecret !== null && amountCents !== null;
  return (
    <>
      <Button
        size="lg"
        className="bg-neutral-900 hover:bg-neutral-800"
        disabled={!isReady || disabled || confirm.isPending}
        onClick={() => setIsOpen(true)}
      >
        <Wallet aria-hidden="true" /> Pay with test wallet
      </Button>
      {isReady && (
        <TestWalletSheet
          open={isOpen}
          amountCents={amountCents}
          isPending={confirm.isPending}
          onCancel={() => setIsOpen(false)}
          onPay={() =>
            confirm.mutate(
              { clientSecret, walletPaymentMethod: testWalletPaymentMethod },
              { onSuccess: onResult, onError, onSettled: () => setIsOpen(false) },
            )
          }
        />
      )}
    </>
  );
}
