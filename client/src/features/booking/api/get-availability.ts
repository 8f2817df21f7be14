import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Availability } from '@core/schemas/booking.ts';
import { apiGet } from '@/lib/api-client.ts';

/** `zip`: where the car is. With it the server offers only times the detailer can drive to, and refuses a place beyond their area. */
export type AvailabilityParams = { detailerId: number; date: string; serviceId: number | null; zip?: string | null };

/** GET /api/detailers/:id/availability?date=&serviceId=&zip=: the six slots of a day, each with whether and why not. */
export function getAvailability({ detailerId, date, serviceId, zip }: AvailabilityParams): Promise<Availability> {
  const search = new URLSearchParams({ date });
  if (serviceId !== null) search.set('serviceId', String(serviceId));
  if (zip) search.set('zip', zip);
  return apiGet<Availability>(`/api/detailers/${detailerId}/availability?${search}`);
}

export const availabilityQueryKey = (detailerId: number) => ['/api/detailers', detailerId, 'availability'] as const;

export const availabilityQueryOptions = (params: AvailabilityParams | null) =>
  queryOptions({
    queryKey: params
      ? [...availabilityQueryKey(params.detailerId), { date: params.date, serviceId: params.serviceId, zip: params.zip ?? null }]
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
