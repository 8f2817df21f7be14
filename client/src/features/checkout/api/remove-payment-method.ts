import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { paymentMethodsQueryKey } from '@/components/payments/api/list-payment-methods.ts';

/** DELETE /api/payment-methods/:id: own cards only. */
export const removePaymentMethod = (id: number) => apiRequest<{ removed: true }>('DELETE', `/api/payment-methods/${id}`);

export function useRemovePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePaymentMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey }),
  });
}
