import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DetailerDashboard } from '@core/schemas/dashboard.ts';
import { apiGet } from '@/lib/api-client.ts';
import { liveOn } from '@/lib/live-queries.ts';

/**
 * When this page's HTML began to arrive, on the browser's clock: the server had drawn the page and read its answers by
 * then (decision 025). Where navigation timing is missing, when the page load began.
 */
const pageArrivedAt =
  typeof performance === 'undefined'
    ? 0
    : performance.timeOrigin +
      ((performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined)?.responseStart ?? 0);

/**
 * `refetchOnMount` for the dashboard, a live query read with `staleTime: 0`: read again on every mount, except the first mount of
 * an answer the page was drawn with (decision 053). The stream's first open reads that one again anyway
 * (`useNotificationStream`: every live query answered before it listened), so reading it on mount too fetched and
 * rendered it twice while the page started. An answer from before the page arrived is one the server drew with; a
 * phone's clock behind the server's only makes it read again, as before.
 */
const unlessDrawnWithThePage = (query: { state: { dataUpdatedAt: number } }): boolean => query.state.dataUpdatedAt >= pageArrivedAt;

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
