import { Clock, Pencil } from 'lucide-react';
import { Link } from 'wouter';
import type { BookingReviews } from '@core/schemas/review.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { toast } from '@/lib/toast.ts';
import { useBookingReviews } from './api/get-booking-reviews.ts';
import { useCreateReview } from './api/create-review.ts';
import { PortfolioConsentCard } from './portfolio-consent-card.tsx';
import { ReviewCard } from './review-card.tsx';
import { ReviewForm } from './review-form.tsx';
import { formatReviewDeadline } from './review-format.ts';

export interface BookingReviewsPanelProps {
  bookingId: number;
  /** Names for the headings: the detailer's business and the customer's name. */
  detailerName: string;
  customerName: string;
}

/**
 * A completed booking's reviews for its two sides and admins: the form while the viewer may review, their own review
 * with the blind-window wait, and the other side's review once published.
 */
export function BookingReviewsPanel({ bookingId, detailerName, customerName }: BookingReviewsPanelProps) {
  const reviews = useBookingReviews(bookingId);
  if (reviews.isPending) {
    return (
      <Card role="status" aria-label="Loading reviews" className="grid gap-3 p-4">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-11 w-56" />
        <Skeleton className="h-24 w-full" />
      </Card>
    );
  }
  if (reviews.isError) {
    return (
      <Card className="p-2">
        <ErrorState title="Reviews" message="We couldn't load the reviews of this booking." onRetry={() => void reviews.refetch()} />
      </Card>
    );
  }
  return <PanelContent bookingId={bookingId} data={reviews.data} detailerName={detailerName} customerName={customerName} />;
}

function PanelContent({ bookingId, data, detailerName, customerName }: BookingReviewsPanelProps & { data: BookingReviews }) {
  const create = useCreateReview();
  const { side, mine, theirs, canReview, windowClosesAt } = data;
  const deadline = windowClosesAt ? formatReviewDeadline(windowClosesAt) : null;
  const otherName = side === 'customer' ? detailerName : customerName;

  if (side === null) {
    return (
      <section aria-labelledby="booking-reviews" className="grid gap-3">
        <h2 id="booking-reviews" className="text-base font-semibold text-neutral-900">
          Reviews
        </h2>
        {data.published.length === 0 ? (
          <Card className="p-4 text-sm text-neutral-600">No published reviews of this booking yet.</Card>
        ) : (
          data.published.map((review) => (
            <ReviewCard key={review.id} review={review} title={`${review.authorName} rated ${review.subjectName}`}>
              <Button asChild variant="secondary">
                <Link href={`/reviews/${review.id}`}>Open review</Link>
              </Button>
            </ReviewCard>
          ))
        )}
      </section>
    );
  }

  return (
    <section aria-labelledby="booking-reviews" className="grid gap-3">
      {canReview && (
        <Card className="grid gap-3 p-4">
          <div className="grid gap-1">
            <h2 id="booking-reviews" className="text-base font-semibold text-neutral-900">
              {side === 'customer' ? 'Rate your detailer' : 'Rate your customer'}
            </h2>
            <p className="text-sm text-neutral-600">
              {`Reviews are blind: ${otherName} sees yours when both of you have reviewed${deadline ? ` or on ${deadline}` : ''}.`}
            </p>
          </div>
          <ReviewForm
            submitLabel="Submit review"
            placeholder={side === 'customer' ? `How was your service with ${detailerName}?` : `How was working with ${customerName}?`}
            onSubmit={async (values) => {
              const review = await create.mutateAsync({ bookingId, ...values });
              toast({
                title: 'Thanks for your review',
                description: review.publishedAt ? 'Both reviews are now visible.' : 'It appears once both have reviewed.',
              });
            }}
          />
        </Card>
      )}
      {mine && (
        <div className="grid gap-2">
          {!canReview && (
            <h2 id="booking-reviews" className="text-base font-semibold text-neutral-900">
              Reviews
            </h2>
          )}
          <ReviewCard review={mine} title="Your review">
            {!mine.publishedAt && deadline && (
              <p className="flex items-start gap-2 rounded-control bg-brand-50 p-3 text-sm text-brand-800">
                <Clock aria-hidden className="mt-0.5 size-4 shrink-0" />
                {`Waiting for the other side: reviews appear when both have reviewed or on ${deadline}.`}
              </p>
            )}
            {mine.canEdit && (
              <Button asChild variant="secondary">
                <Link href={`/reviews/${mine.id}`}>
                  <Pencil aria-hidden />
                  Edit review
                </Link>
              </Button>
            )}
          </ReviewCard>
        </div>
      )}
      {side === 'customer' && mine && <PortfolioConsentCard bookingId={bookingId} />}
      {theirs && <ReviewCard review={theirs} title={`${theirs.authorName}'s review of you`} />}
      {!canReview && !mine && (
        <Card className="grid gap-1 p-4">
          <h2 id="booking-reviews" className="text-base font-semibold text-neutral-900">
            Reviews
          </h2>
          <p className="text-sm text-neutral-600">
            {data.isWindowOpen || !deadline
              ? 'Reviews open when the job is completed.'
              : `The time to review this booking ended on ${deadline}.`}
          </p>
        </Card>
      )}
    </section>
  );
}
