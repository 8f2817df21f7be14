import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking, RescheduleBookingInput } from '@core/schemas/booking.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { bookingsQueryKey } from '@/components/booking/api/get-bookings.ts';

/** POST /api/bookings/:id/reschedule to another free slot; 409 when it is taken. */
export const rescheduleBooking = ({ bookingId, ...input }: RescheduleBookingInput & { bookingId: number }) =>
  apiRequest<Booking>('POST', `/api/bookings/${bookingId}/reschedule`, input);

export function useRescheduleBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rescheduleBooking,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
  });
}
