import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnService } from '@core/schemas/own-service.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { catalogQueryKeys } from '../lib/catalog-query-keys.ts';
import { ownServicesQueryKey } from './get-own-services.ts';

/** POST /api/detailer/services/:id/pause: out of the catalog and booking at once; its bookings go on. */
export const pauseOwnService = (id: number) => apiRequest<OwnService>('POST', `/api/detailer/services/${id}/pause`);

export function usePauseOwnService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pauseOwnService,
    onSuccess: () => Promise.all([ownServicesQueryKey, ...catalogQueryKeys].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
