import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '@core/schemas/booking.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { bookingsQueryKey } from '@/components/booking/api/get-bookings.ts';

/** POST /api/bookings/:id/report-no-show: the customer of an overdue job says the detailer never came (decision 035). */
export const reportNoShow = (bookingId: number) => apiRequest<Booking>('POST', `/api/bookings/${bookingId}/report-no-show`);

export function useReportNoShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportNoShow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
  });
}
