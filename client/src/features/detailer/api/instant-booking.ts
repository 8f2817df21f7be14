import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InstantBooking } from '@core/schemas/dashboard.ts';
import { apiGet, apiRequest } from '@/lib/api-client.ts';

export const instantBookingQueryKey = ['/api/detailer/instant-booking'] as const;

/** GET /api/detailer/instant-booking: whether the signed-in detailer's paid bookings are accepted at once. */
export function useInstantBooking() {
  return useQuery({ queryKey: instantBookingQueryKey, queryFn: () => apiGet<InstantBooking>('/api/detailer/instant-booking') });
}

/** PUT /api/detailer/instant-booking {instantBooking}. */
export function useUpdateInstantBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InstantBooking) => apiRequest<InstantBooking>('PUT', '/api/detailer/instant-booking', input),
    onSuccess: (saved) => queryClient.setQueryData(instantBookingQueryKey, saved),
  });
}
