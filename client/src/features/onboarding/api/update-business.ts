import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BusinessUpdate, Onboarding } from '@core/schemas/onboarding.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { onboardingQueryKey } from './get-onboarding.ts';

/** PATCH /api/detailer/business: the business name, description or logo; answers the setup as it now stands. */
export const updateBusiness = (input: BusinessUpdate) => apiRequest<Onboarding>('PATCH', '/api/detailer/business', input);

export function useUpdateBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBusiness,
    onSuccess: (onboarding) => {
      queryClient.setQueryData(onboardingQueryKey, onboarding);
      // A listed detailer's name and description show in the catalog.
      return queryClient.invalidateQueries({ queryKey: ['/api/detailers'] });
    },
  });
}
