import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceCategory } from '@core/schemas/catalog.ts';
import { apiGet } from '@/lib/api-client.ts';

/** GET /api/service-categories: what the editor's Category offers (the same key as the home screen's chips). */
export const getServiceCategories = () => apiGet<ServiceCategory[]>('/api/service-categories');

export const serviceCategoriesQueryOptions = () => queryOptions({ queryKey: ['/api/service-categories'], queryFn: getServiceCategories });

export const useServiceCategories = () => useQuery(serviceCategoriesQueryOptions());
