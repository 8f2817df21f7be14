import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCategory } from '@core/schemas/admin-catalog.ts';
import { apiGet } from '@/lib/api-client.ts';

export const adminCategoriesQueryKey = ['admin', 'categories'] as const;

/**
 * The catalog's public queries (categories, services, detailers): a change on /admin/services refetches them in this
 * tab, as the server's catalog cache is cleared for everyone else.
 */
export const publicCatalogQueryKeys = [['/api/service-categories'], ['/api/services'], ['/api/detailers']] as const;

/** GET /api/admin/categories: every category in the home screen's order, hidden ones included. */
export const getAdminCategories = () => apiGet<AdminCategory[]>('/api/admin/categories');

export const adminCategoriesQueryOptions = () => queryOptions({ queryKey: adminCategoriesQueryKey, queryFn: getAdminCategories });

export function useAdminCategories() {
  return useQuery(adminCategoriesQueryOptions());
}
