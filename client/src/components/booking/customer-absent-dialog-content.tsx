import { formatUsd } from '@core/domain/money.ts';
import { cancellationFeeCents } from '@core/domain/pricing.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog.tsx';
import { formatShortDate } from '@/lib/calendar-dates.ts';
import type { CustomerAbsentDialogProps } from './customer-absent-dialog.tsx';

export default function CustomerAbsentDialogContent({ open, onOpenChange, booking, isPending, onConfirm }: CustomerAbsentDialogProps) {
  // The fee the server charges: the booking's own cancellation terms at this moment (core/domain/pricing.ts).
  const fee = cancellationFeeCents({ ...booking, startsAt: new Date(booking.startsAt) }, new Date());
  return (
    <Dialog open={open} onOpenChange={(next) => !isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogTitle>Mark the customer absent?</DialogTitle>
        <DialogDescription>
          {booking.customerName}&apos;s {booking.serviceName} on {formatShortDate(booking.date)} at {booking.time}.{' '}
          {fee > 0 ? `Their card is charged the ${formatUsd(fee)} late cancellation fee and the rest is released.` : 'Nothing is charged.'}{' '}
          They are told at once. This can&apos;t be undone.
        </DialogDescription>
        <div className="mt-6 grid gap-3 sm:grid-cols-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={isPending}>
            Go back
          </Button>
          <Button variant="destructive" onClick={onConfirm} disabled={isPending}>
            {isPending ? 'Saving...' : 'Customer absent'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
