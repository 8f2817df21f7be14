import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingTip } from '@core/schemas/tip.ts';
import { apiGet } from '@/lib/api-client.ts';
import { liveOn } from '@/lib/live-queries.ts';

/** GET /api/bookings/:id/tip: the booking's tip, whether one may be added and the suggested amounts (its customer only). */
export const getBookingTip = (bookingId: number) => apiGet<BookingTip>(`/api/bookings/${bookingId}/tip`);

export const bookingTipQueryKey = (bookingId: number) => ['bookings', bookingId, 'tip'] as const;

export const bookingTipQueryOptions = (bookingId: number) =>
  queryOptions({ queryKey: bookingTipQueryKey(bookingId), queryFn: () => getBookingTip(bookingId), meta: liveOn('booking') });

export function useBookingTip(bookingId: number, enabled = true) {
  return useQuery({ ...bookingTipQueryOptions(bookingId), enabled });
}
