import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedCard } from '@core/schemas/payments.ts';
import { apiGet } from '@/lib/api-client.ts';

/** GET /api/payment-methods: the signed-in user's saved cards (brand, last four, expiry). */
export const listPaymentMethods = () => apiGet<SavedCard[]>('/api/payment-methods');

export const paymentMethodsQueryKey = ['/api/payment-methods'] as const;

export const paymentMethodsQueryOptions = () => queryOptions({ queryKey: paymentMethodsQueryKey, queryFn: listPaymentMethods });

export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions());
}
