import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AvailabilityRule, WeeklyAvailability } from '@core/schemas/booking.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { weeklyAvailabilityQueryKey } from './get-weekly-availability.ts';

/** PUT /api/detailer/availability {rules}: replaces the weekly hours; slots follow at once. */
export const updateWeeklyAvailability = (rules: AvailabilityRule[]) =>
  apiRequest<WeeklyAvailability>('PUT', '/api/detailer/availability', { rules });

export function useUpdateWeeklyAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWeeklyAvailability,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: weeklyAvailabilityQueryKey }),
  });
}
