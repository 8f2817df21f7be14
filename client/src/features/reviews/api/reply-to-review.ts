import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review, ReviewReplyInput } from '@core/schemas/review.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { invalidateReviewQueries } from '@/components/reviews/api/review-queries.ts';

/** POST /api/reviews/:id/reply: the reviewed detailer's one public answer. */
export const replyToReview = ({ reviewId, ...input }: ReviewReplyInput & { reviewId: number }) =>
  apiRequest<Review>('POST', `/api/reviews/${reviewId}/reply`, input);

export function useReplyToReview() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: replyToReview, onSuccess: () => invalidateReviewQueries(queryClient) });
}
