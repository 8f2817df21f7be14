import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserBookingAction } from '@core/domain/booking-status.ts';
import type { Booking } from '@core/schemas/booking.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { jobsQueryKey } from './get-jobs.ts';

export type JobAction = Exclude<UserBookingAction, 'cancel' | 'reschedule'>;

/** POST /api/bookings/:id/accept|decline|start-route|start|complete. */
export const updateJobStatus = ({ bookingId, action }: { bookingId: number; action: JobAction }) =>
  apiRequest<Booking>('POST', `/api/bookings/${bookingId}/${action}`);

export function useUpdateJobStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateJobStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobsQueryKey }),
  });
}
