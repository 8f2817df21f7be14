import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { weeklyAvailabilityQueryKey } from './get-weekly-availability.ts';

/** POST /api/detailer/days-off {date}: no slots are offered on that day. */
export const addDayOff = (date: string) => apiRequest('POST', '/api/detailer/days-off', { date });

export function useAddDayOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addDayOff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: weeklyAvailabilityQueryKey }),
  });
}
