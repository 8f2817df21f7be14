import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Booking } from '@core/schemas/booking.ts';
import { formatUsd } from '@core/domain/money.ts';
import type { RefundForm, RefundFormInput } from '@core/schemas/payments.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { schemaResolver } from '@/lib/schema-resolver.ts';
import { toast } from '@/lib/toast.ts';
import { useRefundBooking } from '../api/refund-booking.ts';

const dollarsText = (cents: number) => (cents / 100).toFixed(2);

/**
 * Refund of a booking that captured money (completed, or cancelled with a fee): an amount up to what is left
 * (`refundableCents`, prefilled) goes back to the customer's card. Closes with a toast once the server has
 * refunded; any refusal (another admin was faster, the gateway said no) stays in the dialog, next to the amount.
 */
export function RefundBookingDialog({ booking }: { booking: Booking }) {
  const refund = useRefundBooking();
  const [isOpen, setIsOpen] = useState(false);
  const fieldId = useId();
  const errorId = `${fieldId}-error`;
  const hintId = `${fieldId}-hint`;
  const leftCents = booking.refundableCents;
  const capturedCents = booking.refundedCents + booking.refundableCents;
  const resolver = useMemo(
    () =>
      schemaResolver<RefundFormInput, RefundForm>(() =>
        import('@core/schemas/payments.ts').then((schemas) => schemas.refundFormSchema(leftCents)),
      ),
    [leftCents],
  );
  const form = useForm<RefundFormInput, unknown, RefundForm>({ resolver, defaultValues: { amount: dollarsText(leftCents) } });
  const error = form.formState.errors.amount?.message;

  function changeOpen(open: boolean) {
    if (refund.isPending) return;
    if (open) form.reset({ amount: dollarsText(leftCents) });
    setIsOpen(open);
  }

  const submit = form.handleSubmit(async ({ amountCents }) => {
    try {
      const result = await refund.mutateAsync({ bookingId: booking.id, amountCents });
      setIsOpen(false);
      toast({
        title: 'Refund issued',
        description: `${formatUsd(result.refundedCents)} goes back to ${booking.customerName} for booking #${booking.id}.`,
      });
    } catch (failure) {
      form.setError('amount', { message: errorMessage(failure, 'The refund did not go through. Please try again.') });
    }
  });

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
          {booking.serviceName} for {booking.customerName} with {booking.detailerBusinessName}. The amount goes back to the customer's card;
          the booking keeps its status.
        </DialogDescription>
        <form className="mt-4 grid gap-4" onSubmit={submit} noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor={fieldId}>Amount to refund (USD)</Label>
            <Input
              id={fieldId}
              inputMode="decimal"
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${hintId} ${errorId}` : hintId}
              disabled={refund.isPending}
              {...form.register('amount')}
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
