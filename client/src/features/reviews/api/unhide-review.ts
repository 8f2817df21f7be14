import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review } from '@core/schemas/review.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { invalidateReviewQueries } from '@/components/reviews/api/review-queries.ts';

/** POST /api/admin/reviews/:id/unhide: admins only; the review counts and shows again. */
export const unhideReview = (reviewId: number) => apiRequest<Review>('POST', `/api/admin/reviews/${reviewId}/unhide`);

export function useUnhideReview() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unhideReview, onSuccess: () => invalidateReviewQueries(queryClient) });
}
