import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PromoCode } from '@core/schemas/promo-codes.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { detailerMarketingQueryKey } from './get-detailer-marketing.ts';
import type { SetPausedInput } from './set-promo-code-paused.ts';

/** POST /api/detailer/promo-codes/:id/pause or /resume: the detailer's own codes only. */
export const setDetailerPromoCodePaused = ({ id, paused }: SetPausedInput) =>
  apiRequest<PromoCode>('POST', `/api/detailer/promo-codes/${id}/${paused ? 'pause' : 'resume'}`);

export function useSetDetailerPromoCodePaused() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDetailerPromoCodePaused,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: detailerMarketingQueryKey }),
  });
}
