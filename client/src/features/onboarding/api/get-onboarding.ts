import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Onboarding } from '@core/schemas/onboarding.ts';
import { apiGet } from '@/lib/api-client.ts';

export const onboardingQueryKey = ['/api/detailer/onboarding'] as const;

/** GET /api/detailer/onboarding: the signed-in detailer's setup steps and whether an admin approved the business. */
export const getOnboarding = () => apiGet<Onboarding>('/api/detailer/onboarding');

export const onboardingQueryOptions = () =>
  // Steps are done on other screens (hours, services, payout): read afresh whenever the setup is opened.
  queryOptions({ queryKey: onboardingQueryKey, queryFn: getOnboarding, staleTime: 0 });

export function useOnboarding() {
  return useQuery(onboardingQueryOptions());
}
