import { useState } from 'react';
import type { Booking } from '@core/schemas/booking.ts';
import { formatUsd } from '@core/domain/money.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useCancelBooking } from '../api/cancel-booking.ts';

/**
 * Cancel, confirmed in a dialog that names the late-cancellation fee before the customer agrees to it. The terms are
 * the booking's own (decision 022): those it was priced with, whatever the settings say now.
 */
export function CancelBookingDialog({ booking }: { booking: Booking }) {
  const [isOpen, setIsOpen] = useState(false);
  const cancel = useCancelBooking();
  const hasFee = booking.cancellationFeeCents > 0;

  function confirm() {
    cancel.mutate(
      { bookingId: booking.id, confirmFee: hasFee ? true : undefined },
      {
        onSuccess: () => {
          setIsOpen(false);
          toast({
            title: 'Booking cancelled',
            description: hasFee ? `A ${formatUsd(booking.cancellationFeeCents)} fee applies.` : 'You have not been charged.',
          });
        },
        onError: (error) =>
          toast({ title: 'Could not cancel', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
      },
    );
  }

  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" className="text-danger-700!">
          Cancel booking
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Cancel this booking?</DialogTitle>
        <DialogDescription>
          {hasFee
            ? `It starts in less than ${booking.freeCancellationHours} hours, so cancelling now costs a ${formatUsd(booking.cancellationFeeCents)} cancellation fee.`
            : `Cancelling is free until ${booking.freeCancellationHours} hours before the start. Your card will not be charged.`}
        </DialogDescription>
        {hasFee && (
          <p className="mt-4 rounded-control bg-warning-50 p-3 text-sm font-medium text-warning-800">
            Cancellation fee: {formatUsd(booking.cancellationFeeCents)}
          </p>
        )}
        <div className="mt-6 grid gap-3 sm:grid-cols-2">
          <Button variant="secondary" onClick={() => setIsOpen(false)} disabled={cancel.isPending}>
            Keep booking
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={cancel.isPending}>
            {cancel.isPending ? 'Cancelling...' : hasFee ? `Cancel and pay ${formatUsd(booking.cancellationFeeCents)}` : 'Cancel booking'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
