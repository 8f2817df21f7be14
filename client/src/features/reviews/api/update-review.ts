import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review, UpdateReviewInput } from '@core/schemas/review.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { invalidateReviewQueries } from '@/components/reviews/api/review-queries.ts';

/** PATCH /api/reviews/:id: the author, within 24 hours of writing. */
export const updateReview = ({ reviewId, ...change }: UpdateReviewInput & { reviewId: number }) =>
  apiRequest<Review>('PATCH', `/api/reviews/${reviewId}`, change);

export function useUpdateReview() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateReview, onSuccess: () => invalidateReviewQueries(queryClient) });
}
