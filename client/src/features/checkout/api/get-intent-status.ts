import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IntentStatusResponse } from '@core/schemas/payments.ts';
import { apiGet } from '@/lib/api-client.ts';

/** GET /api/payments/intent-status?client_secret=: the payment's status as the server knows it. */
export const getIntentStatus = (clientSecret: string) =>
  apiGet<IntentStatusResponse>(`/api/payments/intent-status?client_secret=${encodeURIComponent(clientSecret)}`);

export const intentStatusQueryOptions = (clientSecret: string) =>
  queryOptions({
    queryKey: ['/api/payments/intent-status', clientSecret] as const,
    queryFn: () => getIntentStatus(clientSecret),
    staleTime: 0,
  });

export function useIntentStatus(clientSecret: string | null) {
  return useQuery({ ...intentStatusQueryOptions(clientSecret ?? ''), enabled: Boolean(clientSecret) });
}
