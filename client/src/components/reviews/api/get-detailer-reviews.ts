import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { DetailerReviewsPage } from '@core/schemas/review.ts';
import { apiGet } from '@/lib/api-client.ts';

/** GET /api/detailers/:id/reviews?cursor=: published customer reviews, newest first, 20 a page (public). */
export const getDetailerReviews = (detailerId: number, cursor: number | null) =>
  apiGet<DetailerReviewsPage>(`/api/detailers/${detailerId}/reviews${cursor ? `?cursor=${cursor}` : ''}`);

export const detailerReviewsQueryOptions = (detailerId: number) =>
  infiniteQueryOptions({
    queryKey: ['/api/detailers', detailerId, 'reviews'],
    queryFn: ({ pageParam }) => getDetailerReviews(detailerId, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useDetailerReviews(detailerId: number) {
  return useInfiniteQuery(detailerReviewsQueryOptions(detailerId));
}
