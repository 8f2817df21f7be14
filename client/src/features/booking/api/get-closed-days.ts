import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClosedDays } from '@core/schemas/booking.ts';
import { apiGet } from '@/lib/api-client.ts';

/** GET /api/detailers/:id/closed-days?serviceId=: the days the detailer does not work, for the calendar to mark. */
export function getClosedDays(detailerId: number, serviceId: number | null): Promise<ClosedDays> {
  const search = serviceId === null ? '' : `?serviceId=${serviceId}`;
  return apiGet<ClosedDays>(`/api/detailers/${detailerId}/closed-days${search}`);
}

export const closedDaysQueryOptions = (detailerId: number, serviceId: number | null) =>
  queryOptions({
    queryKey: ['/api/detailers', detailerId, 'closed-days', { serviceId }],
    queryFn: () => getClosedDays(detailerId, serviceId),
    staleTime: 60_000,
  });

export function useClosedDays(detailerId: number, serviceId: number | null, enabled = true) {
  return useQuery({ ...closedDaysQueryOptions(detailerId, serviceId), enabled });
}
