import { Wallet } from 'lucide-react';
import { formatUsd } from '@core/domain/money.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import type { TestWalletSheetProps } from './test-wallet-sheet.tsx';

/** The sheet of TestWalletSheet (test-wallet-sheet.tsx), loaded when the wallet button is first tapped. */
export default function TestWalletSheetContent({ open = true, amountCents, isPending, onPay, onCancel }: TestWalletSheetProps) {
  return (
    <Dialog open={open} onOpenChange={(open) => !open && !isPending && onCancel()}>
      <DialogContent hideClose>
        <div className="grid gap-4">
          <div className="flex items-center gap-3">
            <div aria-hidden className="flex size-12 shrink-0 items-center justify-center rounded-full bg-neutral-900 text-white">
              <Wallet className="size-6" />
            </div>
            <div>
              <DialogTitle>Test wallet</DialogTitle>
              <DialogDescription>Pays like Apple Pay or Google Pay. No money moves in test mode.</DialogDescription>
            </div>
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-control bg-neutral-50 px-4 py-3 text-sm">
            <dt className="text-neutral-600">Pay</dt>
            <dd className="text-right font-medium text-neutral-900">Glossly</dd>
            <dt className="text-neutral-600">Card</dt>
            <dd className="text-right font-medium text-neutral-900">Visa •••• 4242</dd>
            <dt className="text-neutral-600">Total</dt>
            <dd className="text-right text-lg font-semibold text-neutral-900">{formatUsd(amountCents)}</dd>
          </dl>
          <div className="grid gap-3">
            <Button size="lg" className="bg-neutral-900 hover:bg-neutral-800" disabled={isPending} onClick={onPay}>
              {isPending ? <Spinner size="sm" label="" aria-hidden="true" /> : <Wallet aria-hidden="true" />}
              Pay {formatUsd(amountCents)}
            </Button>
            <Button size="lg" variant="secondary" disabled={isPending} onClick={onCancel}>
              Cancel
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
