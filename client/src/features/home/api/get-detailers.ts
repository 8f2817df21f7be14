import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Coordinates } from '@core/domain/distance.ts';
import type { Detailer } from '@core/schemas/catalog.ts';
import { apiGet } from '@/lib/api-client.ts';

/** Distances are measured from `near` when the customer shared a location, else from the default city. */
export type DetailersFilter = { near?: Coordinates | null };

export function getDetailers({ near }: DetailersFilter): Promise<Detailer[]> {
  const params = new URLSearchParams();
  if (near) {
    params.set('lat', String(near.latitude));
    params.set('lng', String(near.longitude));
  }
  const query = params.size ? `?${params}` : '';
  return apiGet<Detailer[]>(`/api/detailers${query}`);
}

export const detailersQueryOptions = (filter: DetailersFilter) =>
  queryOptions({
    queryKey: ['/api/detailers', { lat: filter.near?.latitude, lng: filter.near?.longitude }],
    queryFn: () => getDetailers(filter),
  });

export const useDetailers = (filter: DetailersFilter) => useQuery(detailersQueryOptions(filter));
