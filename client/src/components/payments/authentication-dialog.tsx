import { ShieldCheck } from 'lucide-react';
import { formatUsd } from '@core/domain/money.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog.tsx';

/** The test gateway's 3-D Secure style page: the bank asks the customer to approve the payment. */
export function AuthenticationDialog({
  amountCents,
  isPending,
  onAnswer,
}: {
  amountCents: number;
  isPending: boolean;
  onAnswer: (approve: boolean) => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && !isPending && onAnswer(false)}>
      <DialogContent hideClose>
        <div className="grid gap-4">
          <div aria-hidden className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <ShieldCheck className="size-6" />
          </div>
          <DialogTitle>Confirm this payment</DialogTitle>
          <DialogDescription>
            Your bank asks you to confirm a payment of {formatUsd(amountCents)} to Glossly. This is a test page: choose
            the outcome.
          </DialogDescription>
          <div className="grid gap-3">
            <Button size="lg" disabled={isPending} onClick={() => onAnswer(true)}>
              Complete authentication
            </Button>
            <Button size="lg" variant="secondary" disabled={isPending} onClick={() => onAnswer(false)}>
              Fail authentication
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
