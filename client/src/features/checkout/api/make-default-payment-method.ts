import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedCard } from '@core/schemas/payments.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { paymentMethodsQueryKey } from '@/components/payments/api/list-payment-methods.ts';

/** POST /api/payment-methods/:id/default: 'Make default', the card one tap pays with; own cards only. */
export const makeDefaultPaymentMethod = (id: number) => apiRequest<SavedCard>('POST', `/api/payment-methods/${id}/default`);

export function useMakeDefaultPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeDefaultPaymentMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey }),
  });
}
