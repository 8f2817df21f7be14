import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Availability } from '@core/schemas/booking.ts';
import { apiGet } from '@/lib/api-client.ts';

export type AvailabilityParams = { detailerId: number; date: string; serviceId: number | null };

/** GET /api/detailers/:id/availability?date=&serviceId=: the six slots of a day with their available flags. */
export function getAvailability({ detailerId, date, serviceId }: AvailabilityParams): Promise<Availability> {
  const search = new URLSearchParams({ date });
  if (serviceId !== null) search.set('serviceId', String(serviceId));
  return apiGet<Availability>(`/api/detailers/${detailerId}/availability?${search}`);
}

export const availabilityQueryKey = (detailerId: number) => ['/api/detailers', detailerId, 'availability'] as const;

export const availabilityQueryOptions = (params: AvailabilityParams | null) =>
  queryOptions({
    queryKey: params
      ? [...availabilityQueryKey(params.detailerId), { date: params.date, serviceId: params.serviceId }]
      : ['/api/detailers', null, 'availability'],
    queryFn: () => getAvailability(params!),
    enabled: params !== null,
    // Slots change as others book: always ask again when the day is shown anew.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useAvailability(params: AvailabilityParams | null) {
  return useQuery(availabilityQueryOptions(params));
}
