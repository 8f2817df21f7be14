import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '@core/domain/roles.ts';
import type { AdminUser } from '@core/schemas/admin.ts';
import { apiGet } from '@/lib/api-client.ts';

export const adminUsersQueryKey = ['/api/admin/users'] as const;

export type AdminUserFilters = { search?: string; role?: Role; pendingApproval?: boolean };

/** GET /api/admin/users?search=&role=&pendingApproval=: accounts, newest first, at most 100. */
export function getAdminUsers({ search, role, pendingApproval }: AdminUserFilters = {}): Promise<AdminUser[]> {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (role) params.set('role', role);
  if (pendingApproval) params.set('pendingApproval', 'true');
  const query = params.toString();
  return apiGet<AdminUser[]>(query ? `/api/admin/users?${query}` : '/api/admin/users');
}

export const adminUsersQueryOptions = (filters: AdminUserFilters = {}) =>
  queryOptions({
    queryKey: [
      ...adminUsersQueryKey,
      { search: filters.search ?? '', role: filters.role ?? null, pendingApproval: filters.pendingApproval ?? false },
    ],
    queryFn: () => getAdminUsers(filters),
    // Typing in the search box keeps the last list on screen instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });

export function useAdminUsers(filters: AdminUserFilters = {}) {
  return useQuery(adminUsersQueryOptions(filters));
}
