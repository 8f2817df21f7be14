import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteOwnServiceResult } from '@core/schemas/own-service.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { catalogQueryKeys } from '../lib/catalog-query-keys.ts';
import { ownServicesQueryKey } from './get-own-services.ts';

/** DELETE /api/detailer/services/:id: 409 while bookings hold it; archived when it has past bookings, else removed. */
export const deleteOwnService = (id: number) => apiRequest<DeleteOwnServiceResult>('DELETE', `/api/detailer/services/${id}`);

export function useDeleteOwnService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOwnService,
    onSuccess: () => Promise.all([ownServicesQueryKey, ...catalogQueryKeys].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
