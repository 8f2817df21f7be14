import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Coordinates } from '@core/domain/distance.ts';
import type { Detailer } from '@core/schemas/catalog.ts';
import { apiGet } from '@/lib/api-client.ts';

/** Every detailer, or those offering `serviceId`; distances from `near` when shared, else the default city. */
export type DetailersFilter = { serviceId?: number; near?: Coordinates | null };

export function getDetailers({ serviceId, near }: DetailersFilter): Promise<Detailer[]> {
  const params = new URLSearchParams();
  if (serviceId !== undefined) params.set('serviceId', String(serviceId));
  if (near) {
    params.set('lat', String(near.latitude));
    params.set('lng', String(near.longitude));
  }
  const query = params.size ? `?${params}` : '';
  return apiGet<Detailer[]>(`/api/detailers${query}`);
}

// One key shape for the home screen and /detailers, so the list page reuses what home already fetched.
export const detailersQueryOptions = (filter: DetailersFilter) =>
  queryOptions({
    queryKey: [
      '/api/detailers',
      {
        ...(filter.serviceId === undefined ? {} : { serviceId: filter.serviceId }),
        lat: filter.near?.latitude,
        lng: filter.near?.longitude,
      },
    ],
    queryFn: () => getDetailers(filter),
  });

export const useDetailers = (filter: DetailersFilter, options: { enabled?: boolean } = {}) =>
  useQuery({ ...detailersQueryOptions(filter), enabled: options.enabled ?? true });
