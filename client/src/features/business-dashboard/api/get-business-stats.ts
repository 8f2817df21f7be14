import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StatsPeriod } from '@core/domain/business-weeks.ts';
import type { BusinessStats } from '@core/schemas/business-stats.ts';
import { apiGet } from '@/lib/api-client.ts';

/** GET /api/detailer/stats?period=: the signed-in detailer's charts for a period. */
export const getBusinessStats = (period: StatsPeriod) => apiGet<BusinessStats>(`/api/detailer/stats?period=${period}`);

export const businessStatsQueryOptions = (period: StatsPeriod) =>
  queryOptions({
    queryKey: ['/api/detailer/stats', { period }] as const,
    queryFn: () => getBusinessStats(period),
    // Switching period keeps the last charts on screen until the new ones arrive: no flash of skeletons.
    placeholderData: keepPreviousData,
  });

export function useBusinessStats(period: StatsPeriod) {
  return useQuery(businessStatsQueryOptions(period));
}
