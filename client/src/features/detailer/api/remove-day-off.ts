import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { weeklyAvailabilityQueryKey } from './get-weekly-availability.ts';

/** DELETE /api/detailer/days-off {date}: the day is bookable again (within the weekly hours). */
export const removeDayOff = (date: string) => apiRequest('DELETE', '/api/detailer/days-off', { date });

export function useRemoveDayOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeDayOff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: weeklyAvailabilityQueryKey }),
  });
}
