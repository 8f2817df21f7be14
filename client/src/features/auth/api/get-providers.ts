import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthProviders } from '@core/schemas/auth.ts';
import { apiGet } from '@/lib/api-client.ts';

export const getProviders = () => apiGet<AuthProviders>('/api/auth/providers');

export const providersQueryOptions = () => queryOptions({ queryKey: ['/api/auth/providers'], queryFn: getProviders });

export const useProviders = () => useQuery(providersQueryOptions());
