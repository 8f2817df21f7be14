import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingReviews } from '@core/schemas/review.ts';
import { apiGet } from '@/lib/api-client.ts';
import { liveOn } from '@/lib/live-queries.ts';
import { bookingQueryKey } from '@/components/booking/api/get-booking.ts';

/** GET /api/bookings/:id/reviews: my review, theirs once published, and whether I may review (its two sides and admins). */
export const getBookingReviews = (bookingId: number) => apiGet<BookingReviews>(`/api/bookings/${bookingId}/reviews`);

export const bookingReviewsQueryKey = (bookingId: number) => [...bookingQueryKey(bookingId), 'reviews'] as const;

export const bookingReviewsQueryOptions = (bookingId: number) =>
  queryOptions({
    queryKey: bookingReviewsQueryKey(bookingId),
    queryFn: () => getBookingReviews(bookingId),
    staleTime: 0,
    // The other side's review publishes theirs and mine: the booking's live change refetches this.
    meta: liveOn('booking'),
  });

export function useBookingReviews(bookingId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...bookingReviewsQueryOptions(bookingId), enabled: options.enabled ?? true });
}
