import type { Booking } from '@core/schemas/booking.ts';
import { formatUsd } from '@core/domain/money.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useRefundBooking } from '../api/refund-booking.ts';
import { ConfirmActionDialog } from './confirm-action-dialog.tsx';

/** Refund of a completed booking: whatever was captured and not refunded yet goes back to the customer. */
export function RefundBookingDialog({ booking }: { booking: Booking }) {
  const refund = useRefundBooking();

  async function confirm() {
    try {
      const result = await refund.mutateAsync({ bookingId: booking.id });
      toast({ title: 'Refund issued', description: `${formatUsd(result.refundedCents)} goes back to the customer for booking #${booking.id}.` });
      return true;
    } catch (error) {
      toast({ title: 'Could not refund', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
      return false;
    }
  }

  return (
    <ConfirmActionDialog
      triggerLabel="Refund"
      triggerAriaLabel={`Refund booking #${booking.id}`}
      title={`Refund booking #${booking.id}?`}
      description={`${booking.serviceName} with ${booking.detailerBusinessName}. Everything captured for it and not refunded yet (at most ${formatUsd(booking.totalCents)}) goes back to the customer's card. The booking stays completed.`}
      confirmLabel="Refund"
      pendingLabel="Refunding..."
      confirmVariant="destructive"
      isPending={refund.isPending}
      onConfirm={confirm}
    />
  );
}
