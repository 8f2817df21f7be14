import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentIntentResponse } from '@core/schemas/payments.ts';
import { apiRequest } from '@/lib/api-client.ts';

export type CreatePaymentIntentParams = { bookingId: number; appliedCredits: number; amount?: number };

export const noClientSecretMessage = 'No client secret was returned';

/**
 * POST /api/create-payment-intent. Idempotent on the server (same booking and credits, same intent), so it
 * runs as a query: on checkout load and again when the booking or the credits change.
 */
export async function createPaymentIntent(params: CreatePaymentIntentParams): Promise<PaymentIntentResponse> {
  const intent = await apiRequest<PaymentIntentResponse>('POST', '/api/create-payment-intent', params);
  if (!intent?.clientSecret) throw new Error(noClientSecretMessage);
  return intent;
}

export const paymentIntentQueryOptions = (params: CreatePaymentIntentParams) =>
  queryOptions({
    queryKey: ['/api/create-payment-intent', params] as const,
    queryFn: () => createPaymentIntent(params),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

export function usePaymentIntent(params: CreatePaymentIntentParams, enabled: boolean) {
  return useQuery({ ...paymentIntentQueryOptions(params), enabled });
}
