import type { QueryClient } from '@tanstack/react-query';
import { bookingsQueryKey } from '@/components/booking/api/get-bookings.ts';

export const reviewsQueryKey = ['/api/reviews'] as const;

/**
 * After any review write: the review itself, the booking's reviews (under the booking's key, so live booking changes
 * refresh them too) and the detailer's rating and list may all have changed.
 */
export function invalidateReviewQueries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: reviewsQueryKey }),
    queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['/api/detailers'] }),
  ]);
}
