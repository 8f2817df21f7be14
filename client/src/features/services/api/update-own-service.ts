import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnService, OwnServiceUpdate } from '@core/schemas/own-service.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { catalogQueryKeys } from '../lib/catalog-query-keys.ts';
import { ownServicesQueryKey } from './get-own-services.ts';

/** PATCH /api/detailer/services/:id: only the fields sent change; surcharges sent replace them all. */
export const updateOwnService = ({ id, ...input }: OwnServiceUpdate & { id: number }) =>
  apiRequest<OwnService>('PATCH', `/api/detailer/services/${id}`, input);

export function useUpdateOwnService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOwnService,
    onSuccess: () => Promise.all([ownServicesQueryKey, ...catalogQueryKeys].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
