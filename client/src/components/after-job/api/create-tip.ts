import { useMutation } from '@tanstack/react-query';
import type { CreateTipInput, TipIntent } from '@core/schemas/tip.ts';
import { apiRequest } from '@/lib/api-client.ts';

/** POST /api/bookings/:id/tip: the tip's intent; the same idempotencyKey answers the same tip. */
export const createTip = ({ bookingId, ...input }: CreateTipInput & { bookingId: number }) =>
  apiRequest<TipIntent>('POST', `/api/bookings/${bookingId}/tip`, input);

export function useCreateTip() {
  return useMutation({ mutationFn: createTip });
}
