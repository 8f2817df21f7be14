import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnService } from '@core/schemas/own-service.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { catalogQueryKeys } from '../lib/catalog-query-keys.ts';
import { ownServicesQueryKey } from './get-own-services.ts';

/** POST /api/detailer/services/:id/resume: customers can book it again. */
export const resumeOwnService = (id: number) => apiRequest<OwnService>('POST', `/api/detailer/services/${id}/resume`);

export function useResumeOwnService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeOwnService,
    onSuccess: () => Promise.all([ownServicesQueryKey, ...catalogQueryKeys].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
