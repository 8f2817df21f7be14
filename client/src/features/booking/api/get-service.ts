import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Service } from '@core/schemas/catalog.ts';
import { apiGet } from '@/lib/api-client.ts';

/** GET /api/services/:id: used when the booking page gets only ?serviceId= and must find its detailer. */
export const getService = (serviceId: number) => apiGet<Service>(`/api/services/${serviceId}`);

export const serviceQueryOptions = (serviceId: number | null) =>
  queryOptions({
    queryKey: ['/api/services', serviceId],
    queryFn: () => getService(serviceId!),
    enabled: serviceId !== null,
  });

export function useService(serviceId: number | null) {
  return useQuery(serviceQueryOptions(serviceId));
}
