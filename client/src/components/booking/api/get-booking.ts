import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Booking } from '@core/schemas/booking.ts';
import { apiGet } from '@/lib/api-client.ts';
import { liveOn } from '@/lib/live-queries.ts';
import { bookingsQueryKey } from './get-bookings.ts';

/** GET /api/bookings/:id (its customer, its detailer or an admin; 404 for anyone else). */
export const getBooking = (bookingId: number) => apiGet<Booking>(`/api/bookings/${bookingId}`);

export const bookingQueryKey = (bookingId: number) => [...bookingsQueryKey, bookingId] as const;

export const bookingQueryOptions = (bookingId: number) =>
  queryOptions({ queryKey: bookingQueryKey(bookingId), queryFn: () => getBooking(bookingId), staleTime: 0, meta: liveOn('booking') });

export function useBooking(bookingId: number) {
  return useQuery(bookingQueryOptions(bookingId));
}
