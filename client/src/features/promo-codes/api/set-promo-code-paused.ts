import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PromoCode } from '@core/schemas/promo-codes.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { promoCodesQueryKey } from './get-promo-codes.ts';

export type SetPausedInput = { id: number; paused: boolean };

/** POST /api/admin/promo-codes/:id/pause or /resume. */
export const setPromoCodePaused = ({ id, paused }: SetPausedInput) =>
  apiRequest<PromoCode>('POST', `/api/admin/promo-codes/${id}/${paused ? 'pause' : 'resume'}`);

export function useSetPromoCodePaused() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setPromoCodePaused, onSuccess: () => queryClient.invalidateQueries({ queryKey: promoCodesQueryKey }) });
}
