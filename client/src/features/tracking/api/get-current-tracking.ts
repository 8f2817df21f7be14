import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import { liveOn } from '@/lib/live-queries.ts';
import type { CurrentTracking } from '@core/schemas/tracking.ts';

export const currentTrackingQueryKey = ['/api/tracking/current'] as const;

/** GET /api/tracking/current: the customer's booking on its way or in progress, else null and the next booking. */
export const getCurrentTracking = () => apiGet<CurrentTracking>('/api/tracking/current');

// Positions and moves arrive through the live stream; the slow poll only notices a detailer who went quiet (paused).
const quietCheckMs = 30_000;

export const currentTrackingQueryOptions = () =>
  queryOptions({
    queryKey: currentTrackingQueryKey,
    queryFn: getCurrentTracking,
    staleTime: 0,
    meta: liveOn('tracking', 'booking'),
    refetchInterval: (query) => (query.state.data?.tracking ? quietCheckMs : false),
  });

export function useCurrentTracking() {
  return useQuery(currentTrackingQueryOptions());
}
