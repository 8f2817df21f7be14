import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingProof } from '@core/schemas/proof.ts';
import { apiGet } from '@/lib/api-client.ts';
import { liveOn } from '@/lib/live-queries.ts';
import { bookingQueryKey } from '@/components/booking/api/get-booking.ts';

/** GET /api/bookings/:id/proof: the job's photos and checklist (its customer, its detailer or an admin). */
export const getBookingProof = (bookingId: number) => apiGet<BookingProof>(`/api/bookings/${bookingId}/proof`);

/** Under the booking's own key: a move of the booking (Complete) refetches it with the booking. */
export const bookingProofQueryKey = (bookingId: number) => [...bookingQueryKey(bookingId), 'proof'] as const;

export const bookingProofQueryOptions = (bookingId: number) =>
  queryOptions({
    queryKey: bookingProofQueryKey(bookingId),
    queryFn: () => getBookingProof(bookingId),
    // The detailer adds photos while the customer watches: refetched at once when the live stream says the booking changed.
    staleTime: 0,
    meta: liveOn('booking'),
  });

export function useBookingProof(bookingId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...bookingProofQueryOptions(bookingId), enabled: options.enabled ?? true });
}
