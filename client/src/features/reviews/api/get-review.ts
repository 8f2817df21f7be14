import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '@core/schemas/review.ts';
import { apiGet } from '@/lib/api-client.ts';
import { reviewsQueryKey } from '@/components/reviews/api/review-queries.ts';

/** GET /api/reviews/:id: the review if the caller may see it (its author; once published, the public or the two sides). */
export const getReview = (reviewId: number) => apiGet<Review>(`/api/reviews/${reviewId}`);

export const reviewQueryOptions = (reviewId: number) =>
  queryOptions({ queryKey: [...reviewsQueryKey, reviewId], queryFn: () => getReview(reviewId) });

export function useReview(reviewId: number | null) {
  return useQuery({ ...reviewQueryOptions(reviewId ?? 0), enabled: reviewId !== null });
}
