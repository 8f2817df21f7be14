import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Booking } from '@core/schemas/booking.ts';
import { apiGet } from '@/lib/api-client.ts';

/** Same resource as the customer's list: GET /api/bookings answers with the detailer's own jobs. */
export const jobsQueryKey = ['/api/bookings'] as const;

export const getJobs = () => apiGet<Booking[]>('/api/bookings');

export const jobsQueryOptions = () =>
  queryOptions({ queryKey: [...jobsQueryKey, { status: null }], queryFn: getJobs, staleTime: 0 });

export function useJobs() {
  return useQuery(jobsQueryOptions());
}
