import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Service } from '@core/schemas/catalog.ts';
import { apiGet } from '@/lib/api-client.ts';

export const getService = (id: number) => apiGet<Service>(`/api/services/${id}`);

export const serviceQueryOptions = (id: number) => queryOptions({ queryKey: ['/api/services', id], queryFn: () => getService(id) });

/** Spec section 5: the service id must be a number, otherwise the fetch is disabled. */
export const useService = (id: number | null) => useQuery({ ...serviceQueryOptions(id ?? 0), enabled: id !== null });
