import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking, CancelBookingInput } from '@core/schemas/booking.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { bookingsQueryKey } from '@/components/booking/api/get-bookings.ts';

/** POST /api/bookings/:id/cancel; confirmFee says the customer saw and accepted the late-cancellation fee. */
export const cancelBooking = ({ bookingId, ...input }: CancelBookingInput & { bookingId: number }) =>
  apiRequest<Booking>('POST', `/api/bookings/${bookingId}/cancel`, input);

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
  });
}
