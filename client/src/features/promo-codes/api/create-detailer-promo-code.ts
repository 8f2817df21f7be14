import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PromoCode, PromoCodeInput } from '@core/schemas/promo-codes.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { detailerMarketingQueryKey } from './get-detailer-marketing.ts';

/** POST /api/detailer/promo-codes: a code for the detailer's own services. */
export const createDetailerPromoCode = (input: PromoCodeInput) => apiRequest<PromoCode>('POST', '/api/detailer/promo-codes', input);

export function useCreateDetailerPromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDetailerPromoCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: detailerMarketingQueryKey }),
  });
}
