import { ShieldCheck } from 'lucide-react';
import { formatUsd } from '@core/domain/money.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog.tsx';
import type { AuthenticationDialogProps } from './authentication-dialog.tsx';

/** The dialog of AuthenticationDialog (authentication-dialog.tsx), loaded when a payment first needs it. */
export default function AuthenticationDialogContent({ amountCents, isPending, onAnswer }: AuthenticationDialogProps) {
  return (
    <Dialog open onOpenChange={(open) => !open && !isPending && onAnswer(false)}>
      <DialogContent hideClose>
        <div className="grid gap-4">
          <div aria-hidden className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <ShieldCheck className="size-6" />
          </div>
          <DialogTitle>Confirm this payment</DialogTitle>
          <DialogDescription>
            Your bank asks you to confirm a payment of {formatUsd(amountCents)} to Glossly. This is a test page: choose the outcome.
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
