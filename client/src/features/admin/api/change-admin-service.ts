import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminService, AdminServiceUpdate } from '@core/schemas/admin-catalog.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { adminCategoriesQueryKey, publicCatalogQueryKeys } from './get-admin-categories.ts';
import { adminServicesQueryKey } from './get-admin-services.ts';

export type ServiceChange =
  | { kind: 'update'; serviceId: number; input: AdminServiceUpdate }
  | { kind: 'pause' | 'resume'; serviceId: number };

/** PATCH /api/admin/services/:id, POST /api/admin/services/:id/pause and /resume; each answers the service. */
export function changeAdminService(change: ServiceChange): Promise<AdminService> {
  if (change.kind === 'update') return apiRequest<AdminService>('PATCH', `/api/admin/services/${change.serviceId}`, change.input);
  return apiRequest<AdminService>('POST', `/api/admin/services/${change.serviceId}/${change.kind}`);
}

export function useChangeAdminService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAdminService,
    onSettled: () =>
      Promise.all(
        [adminServicesQueryKey, adminCategoriesQueryKey, ...publicCatalogQueryKeys].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
