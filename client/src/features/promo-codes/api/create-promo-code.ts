import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PromoCode, PromoCodeInput } from '@core/schemas/promo-codes.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { promoCodesQueryKey } from './get-promo-codes.ts';

/** POST /api/admin/promo-codes: 201 with the code. */
export const createPromoCode = (input: PromoCodeInput) => apiRequest<PromoCode>('POST', '/api/admin/promo-codes', input);

export function useCreatePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createPromoCode, onSuccess: () => queryClient.invalidateQueries({ queryKey: promoCodesQueryKey }) });
}
