import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecentDetailer } from '@core/schemas/booking.ts';
import { bookingsQueryKey } from '@/components/booking/api/get-bookings.ts';
import { apiGet } from '@/lib/api-client.ts';
import { liveOn } from '@/lib/live-queries.ts';

/** GET /api/bookings/recent-detailers: the signed-in customer's last three detailers, newest first (403 for other roles). */
export const getRecentDetailers = () => apiGet<RecentDetailer[]>('/api/bookings/recent-detailers');

export const recentDetailersQueryOptions = () =>
  queryOptions({
    // Under the bookings' key and live: a job completed while home is open adds its detailer.
    queryKey: [...bookingsQueryKey, 'recent-detailers'],
    queryFn: getRecentDetailers,
    staleTime: 0,
    meta: liveOn('booking'),
  });

/** The home page renders the row (and so asks) for a signed-in customer once its main content is in. */
export function useRecentDetailers() {
  return useQuery(recentDetailersQueryOptions());
}
