import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking, CreateBookingInput } from '@core/schemas/booking.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { bookingsQueryKey } from '@/components/booking/api/get-bookings.ts';

/** POST /api/bookings: 201 with the booking holding its slot, or 409 with a message when the slot is taken. */
export const createBooking = (input: CreateBookingInput) => apiRequest<Booking>('POST', '/api/bookings', input);

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
  });
}
