import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Claim } from '@core/schemas/claim.ts';
import { apiGet } from '@/lib/api-client.ts';
import { liveOn } from '@/lib/live-queries.ts';

/** GET /api/bookings/:id/claims: the problems reported on a booking, newest first (its customer and admins). */
export const getBookingClaims = (bookingId: number) => apiGet<Claim[]>(`/api/bookings/${bookingId}/claims`);

export const bookingClaimsQueryKey = (bookingId: number) => ['bookings', bookingId, 'claims'] as const;

export const bookingClaimsQueryOptions = (bookingId: number) =>
  queryOptions({ queryKey: bookingClaimsQueryKey(bookingId), queryFn: () => getBookingClaims(bookingId), meta: liveOn('booking') });

export function useBookingClaims(bookingId: number, enabled = true) {
  return useQuery({ ...bookingClaimsQueryOptions(bookingId), enabled });
}
