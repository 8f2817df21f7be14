import { useId, useState, type FormEvent } from 'react';
import type { Booking } from '@core/schemas/booking.ts';
import { formatUsd } from '@core/domain/money.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useRefundBooking } from '../api/refund-booking.ts';

/** "20", "20.5", "$1,020.00" -> cents; null when it is not an amount of dollars and cents. */
export function parseDollars(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

const dollarsText = (cents: number) => (cents / 100).toFixed(2);

/**
 * Refund of a booking that captured money (completed, or cancelled with a fee): an amount up to what is left
 * (`refundableCents`, prefilled) goes back to the customer's card. Closes with a toast once the server has
 * refunded; any refusal (another admin was faster, the gateway said no) stays in the dialog, next to the amount.
 */
export function RefundBookingDialog({ booking }: { booking: Booking }) {
  const refund = useRefundBooking();
  const [isOpen, setIsOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const errorId = `${fieldId}-error`;
  const hintId = `${fieldId}-hint`;
  const leftCents = booking.refundableCents;
  const capturedCents = booking.refundedCents + booking.refundableCents;

  function changeOpen(open: boolean) {
    if (refund.isPending) return;
    if (open) {
      setAmount(dollarsText(leftCents));
      setError(null);
    }
    setIsOpen(open);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const cents = parseDollars(amount);
    if (cents === null) return setError('Enter an amount in dollars, such as 20.00.');
    if (cents <= 0) return setError('Enter an amount above $0.00.');
    if (cents > leftCents) return setError(`At most ${formatUsd(leftCents)} can be refunded.`);
    setError(null);
    try {
      const result = await refund.mutateAsync({ bookingId: booking.id, amountCents: cents });
      setIsOpen(false);
      toast({
        title: 'Refund issued',
        description: `${formatUsd(result.refundedCents)} goes back to ${booking.customerName} for booking #${booking.id}.`,
      });
    } catch (failure) {
      setError(errorMessage(failure, 'The refund did not go through. Please try again.'));
    }
  }

  return (
    <Dialog open={isOpen} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" aria-label={`Refund booking #${booking.id}`}>
          Refund
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{`Refund booking #${booking.id}?`}</DialogTitle>
        <DialogDescription>
          {booking.serviceName} for {booking.customerName} with {booking.detailerBusinessName}. The amount goes back to the
          customer's card; the booking keeps its status.
        </DialogDescription>
        <form className="mt-4 grid gap-4" onSubmit={submit} noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor={fieldId}>Amount to refund (USD)</Label>
            <Input
              id={fieldId}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${hintId} ${errorId}` : hintId}
              disabled={refund.isPending}
            />
            <p id={hintId} className="text-sm text-neutral-600">
              At most {formatUsd(leftCents)} can be refunded
              {booking.refundedCents > 0
                ? `: ${formatUsd(capturedCents)} was charged and ${formatUsd(booking.refundedCents)} already went back.`
                : ', everything that was charged.'}
            </p>
            {error && (
              <p id={errorId} role="alert" className="text-sm text-danger-700">
                {error}
              </p>
            )}
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <Button type="button" variant="secondary" onClick={() => changeOpen(false)} disabled={refund.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={refund.isPending}>
              {refund.isPending ? 'Refunding...' : 'Refund'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
