import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import { liveOn } from '@/lib/live-queries.ts';
import type { LocationSharing } from '@core/schemas/tracking.ts';

export const locationSharingQueryKey = ['/api/detailer/location-sharing'] as const;

/** GET /api/detailer/location-sharing: whether sharing is on today, the job on its way (if any) and who sees it. */
export const getLocationSharing = () => apiGet<LocationSharing>('/api/detailer/location-sharing');

export const locationSharingQueryOptions = () =>
  queryOptions({
    queryKey: locationSharingQueryKey,
    queryFn: getLocationSharing,
    staleTime: 0,
    // A job moving to en route or done changes what is shared.
    meta: liveOn('booking'),
  });

export function useLocationSharing() {
  return useQuery(locationSharingQueryOptions());
}
