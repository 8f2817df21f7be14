import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WeeklyAvailability } from '@core/schemas/booking.ts';
import { apiGet } from '@/lib/api-client.ts';

export const weeklyAvailabilityQueryKey = ['/api/detailer/availability'] as const;

/** GET /api/detailer/availability: the signed-in detailer's weekly hours, days off and time zone. */
export const getWeeklyAvailability = () => apiGet<WeeklyAvailability>('/api/detailer/availability');

export const weeklyAvailabilityQueryOptions = () =>
  queryOptions({ queryKey: weeklyAvailabilityQueryKey, queryFn: getWeeklyAvailability, staleTime: 0 });

export function useWeeklyAvailability() {
  return useQuery(weeklyAvailabilityQueryOptions());
}
