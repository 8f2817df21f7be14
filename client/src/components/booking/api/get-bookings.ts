import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Booking, BookingStatus } from '@core/schemas/booking.ts';
import { apiGet } from '@/lib/api-client.ts';
import { liveOn } from '@/lib/live-queries.ts';

export const bookingsQueryKey = ['/api/bookings'] as const;

/** GET /api/bookings?status=: my bookings as customer, or my jobs as detailer (the same resource). */
export function getBookings(status?: BookingStatus): Promise<Booking[]> {
  return apiGet<Booking[]>(status ? `/api/bookings?status=${status}` : '/api/bookings');
}

export const bookingsQueryOptions = (status?: BookingStatus) =>
  queryOptions({
    queryKey: [...bookingsQueryKey, { status: status ?? null }],
    queryFn: () => getBookings(status),
    // Statuses move on the server (the detailer accepts, holds lapse): refetch when the list is opened,
    // and at once when the live stream says a booking changed.
    staleTime: 0,
    meta: liveOn('booking'),
  });

export function useBookings(status?: BookingStatus) {
  return useQuery(bookingsQueryOptions(status));
}
