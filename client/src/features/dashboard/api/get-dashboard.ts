import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DetailerDashboard } from '@core/schemas/dashboard.ts';
import { apiGet } from '@/lib/api-client.ts';
import { liveOn, unlessDrawnWithThePage } from '@/lib/live-queries.ts';

/**
 * Under the bookings' key: a detailer's Accept or Decline (which invalidates ['/api/bookings']) refreshes it at once,
 * and the live stream's booking changes do too (liveOn), so a new request appears without a reload.
 */
export const dashboardQueryKey = ['/api/bookings', 'dashboard'] as const;

/** GET /api/detailer/dashboard: today's jobs, requests with their deadline, this week's earnings, rates and rating. */
export const getDashboard = () => apiGet<DetailerDashboard>('/api/detailer/dashboard');

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: dashboardQueryKey,
    queryFn: getDashboard,
    staleTime: 0,
    refetchOnMount: unlessDrawnWithThePage,
    meta: liveOn('booking'),
  });

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
