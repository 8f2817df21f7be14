import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnService, OwnServiceInput } from '@core/schemas/own-service.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { catalogQueryKeys } from '../lib/catalog-query-keys.ts';
import { ownServicesQueryKey } from './get-own-services.ts';

/** POST /api/detailer/services: 201 with the service, listed and bookable at once. */
export const createOwnService = (input: OwnServiceInput) => apiRequest<OwnService>('POST', '/api/detailer/services', input);

export function useCreateOwnService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOwnService,
    onSuccess: () => Promise.all([ownServicesQueryKey, ...catalogQueryKeys].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
