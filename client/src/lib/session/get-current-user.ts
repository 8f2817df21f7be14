import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@core/schemas/user.ts';
import { ApiError, apiGet } from '@/lib/api-client.ts';

export const currentUserQueryKey = ['/api/auth/user'] as const;

/** The signed-in user, or null: a 401 means "signed out", not an error. */
export async function getCurrentUser(): Promise<User | null> {
  try {
    return await apiGet<User>('/api/auth/user');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const currentUserQueryOptions = () => queryOptions({ queryKey: currentUserQueryKey, queryFn: getCurrentUser });

export function useCurrentUser() {
  const query = useQuery(currentUserQueryOptions());
  return { user: query.data ?? null, isLoading: query.isPending };
}
