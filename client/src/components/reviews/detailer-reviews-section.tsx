import { MessageSquareText } from 'lucide-react';
import { StarRating } from '@/components/catalog/star-rating.tsx';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useDetailerReviews } from './api/get-detailer-reviews.ts';
import { ReviewCard } from './review-card.tsx';

/** The detailer's public page: the rating summary and the published reviews, newest first, 20 at a time. */
export function DetailerReviewsSection({ detailerId, rating, reviewCount }: { detailerId: number; rating: number; reviewCount: number }) {
  const reviews = useDetailerReviews(detailerId);
  const items = reviews.data?.pages.flatMap((page) => page.reviews) ?? [];
  return (
    <section aria-labelledby="detailer-reviews" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="detailer-reviews" className="text-lg font-semibold text-neutral-900">
          Reviews
        </h2>
        <StarRating value={rating} count={reviewCount} />
      </div>
      {reviews.isPending ? (
        <div role="status" aria-label="Loading reviews" className="flex flex-col gap-3">
          <Skeleton className="h-28 w-full rounded-card" />
          <Skeleton className="h-28 w-full rounded-card" />
        </div>
      ) : reviews.isError ? (
        <ErrorState title="Reviews" message="We couldn't load the reviews." onRetry={() => void reviews.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          className="py-8"
          icon={<MessageSquareText />}
          title="No reviews on Glossly yet"
          description="Reviews from customers who booked through Glossly appear here."
        />
      ) : (
        <>
          <ul className="flex flex-col gap-3">
            {items.map((review) => (
              <li key={review.id}>
                <ReviewCard review={review} />
              </li>
            ))}
          </ul>
          {reviews.hasNextPage && (
            <Button variant="secondary" onClick={() => void reviews.fetchNextPage()} disabled={reviews.isFetchingNextPage}>
              {reviews.isFetchingNextPage ? 'Loading...' : 'Show more'}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
