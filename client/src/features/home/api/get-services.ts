import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Service } from '@core/schemas/catalog.ts';
import { apiGet } from '@/lib/api-client.ts';

export type ServicesFilter = { categoryId?: number };

export function getServices({ categoryId }: ServicesFilter): Promise<Service[]> {
  const query = categoryId === undefined ? '' : `?${new URLSearchParams({ categoryId: String(categoryId) })}`;
  return apiGet<Service[]>(`/api/services${query}`);
}

/** Keyed ['/api/services', {categoryId}]: choosing a category chip loads (and caches) that category's list. */
export const servicesQueryOptions = (filter: ServicesFilter) =>
  queryOptions({
    queryKey: ['/api/services', { categoryId: filter.categoryId }],
    queryFn: () => getServices(filter),
  });

export const useServices = (filter: ServicesFilter) => useQuery(servicesQueryOptions(filter));
