import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddPaymentMethodInput, SavedCard } from '@core/schemas/payments.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { paymentMethodsQueryKey } from '@/components/payments/api/list-payment-methods.ts';

/** POST /api/payment-methods: the gateway keeps the card; the server keeps brand, last four and expiry. */
export const addPaymentMethod = (input: AddPaymentMethodInput) => apiRequest<SavedCard>('POST', '/api/payment-methods', input);

export function useAddPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPaymentMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey }),
  });
}
