import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '@core/schemas/booking.ts';
import type { UserBookingAction } from '@core/domain/booking-status.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { bookingsQueryKey } from './get-bookings.ts';

export type DetailerBookingAction = Exclude<UserBookingAction, 'cancel' | 'reschedule' | 'report-no-show'>;

/** POST /api/bookings/:id/accept|decline|start-route|start|complete|customer-absent (the booking's detailer or an admin). */
export const transitionBooking = ({ bookingId, action }: { bookingId: number; action: DetailerBookingAction }) =>
  apiRequest<Booking>('POST', `/api/bookings/${bookingId}/${action}`);

export function useTransitionBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transitionBooking,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
  });
}
