import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '@core/schemas/booking.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { bookingQueryKey } from '@/components/booking/api/get-booking.ts';

/** POST /api/bookings/:id/promo-code: the server checks the code, counts its use and re-prices the booking. */
export const applyPromoCode = ({ bookingId, code }: { bookingId: number; code: string }) =>
  apiRequest<Booking>('POST', `/api/bookings/${bookingId}/promo-code`, { code });

/** DELETE /api/bookings/:id/promo-code: the code comes off and its use is given back. */
export const removePromoCode = ({ bookingId }: { bookingId: number }) =>
  apiRequest<Booking>('DELETE', `/api/bookings/${bookingId}/promo-code`);

/**
 * Either mutation: the booking's new amounts go straight into its query, and the payment intent is made again (the
 * server cancelled the one for the old total).
 */
function usePromoMutation<I extends { bookingId: number }>(mutationFn: (input: I) => Promise<Booking>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (booking) => {
      queryClient.setQueryData(bookingQueryKey(booking.id), booking);
      await queryClient.invalidateQueries({ queryKey: ['/api/create-payment-intent'] });
    },
  });
}

export const useApplyPromoCode = () => usePromoMutation(applyPromoCode);
export const useRemovePromoCode = () => usePromoMutation(removePromoCode);
