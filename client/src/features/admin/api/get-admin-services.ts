import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminServicesResponse } from '@core/schemas/admin-catalog.ts';
import { apiGet } from '@/lib/api-client.ts';

export const adminServicesQueryKey = ['admin', 'services'] as const;

export type AdminServiceFilters = { q?: string; categoryId?: number; detailerId?: number };

/** GET /api/admin/services?q=&categoryId=&detailerId=: every detailer's services, by name. */
export function getAdminServices({ q, categoryId, detailerId }: AdminServiceFilters = {}): Promise<AdminServicesResponse> {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (categoryId !== undefined) params.set('categoryId', String(categoryId));
  if (detailerId !== undefined) params.set('detailerId', String(detailerId));
  const query = params.toString();
  return apiGet<AdminServicesResponse>(query ? `/api/admin/services?${query}` : '/api/admin/services');
}

export const adminServicesQueryOptions = (filters: AdminServiceFilters = {}) =>
  queryOptions({
    queryKey: [
      ...adminServicesQueryKey,
      { q: filters.q ?? '', categoryId: filters.categoryId ?? null, detailerId: filters.detailerId ?? null },
    ],
    queryFn: () => getAdminServices(filters),
    // Typing in the search box keeps the last list on screen instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });

export function useAdminServices(filters: AdminServiceFilters = {}) {
  return useQuery(adminServicesQueryOptions(filters));
}
