import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReviewInput, Review } from '@core/schemas/review.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { invalidateReviewQueries } from './review-queries.ts';

/** POST /api/bookings/:id/reviews: the booking's customer rates the detailer, its detailer rates the customer. */
export const createReview = ({ bookingId, ...input }: CreateReviewInput & { bookingId: number }) =>
  apiRequest<Review>('POST', `/api/bookings/${bookingId}/reviews`, input);

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createReview, onSuccess: () => invalidateReviewQueries(queryClient) });
}
