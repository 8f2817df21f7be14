import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceCategory } from '@core/schemas/catalog.ts';
import { apiGet } from '@/lib/api-client.ts';

export const getServiceCategories = () => apiGet<ServiceCategory[]>('/api/service-categories');

export const serviceCategoriesQueryOptions = () => queryOptions({ queryKey: ['/api/service-categories'], queryFn: getServiceCategories });

export const useServiceCategories = () => useQuery(serviceCategoriesQueryOptions());
