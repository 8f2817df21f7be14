import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefundBookingInput, RefundResponse } from '@core/schemas/payments.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { bookingsQueryKey } from '@/components/booking/api/get-bookings.ts';

/** POST /api/admin/bookings/:id/refund: without amountCents, refunds whatever was captured and not yet refunded. */
export const refundBooking = ({ bookingId, ...input }: RefundBookingInput & { bookingId: number }) =>
  apiRequest<RefundResponse>('POST', `/api/admin/bookings/${bookingId}/refund`, input);

export function useRefundBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundBooking,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
  });
}
