import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HideReviewInput, Review } from '@core/schemas/review.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { invalidateReviewQueries } from '@/components/reviews/api/review-queries.ts';

/** POST /api/admin/reviews/:id/hide: admins only; the reason is kept with the review. */
export const hideReview = ({ reviewId, ...input }: HideReviewInput & { reviewId: number }) =>
  apiRequest<Review>('POST', `/api/admin/reviews/${reviewId}/hide`, input);

export function useHideReview() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: hideReview, onSuccess: () => invalidateReviewQueries(queryClient) });
}
