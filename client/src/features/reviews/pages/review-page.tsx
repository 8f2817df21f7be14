import { ChevronRight, Clock, Eye, MessageSquareOff } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { parseRouteId } from '@core/domain/ids.ts';
import { bookingReviewsEntityPrefix } from '@core/domain/reviews.ts';
import type { Review } from '@core/schemas/review.ts';
import { useBooking } from '@/components/booking/api/get-booking.ts';
import { BookingReviewsPanel } from '@/components/reviews/booking-reviews-panel.tsx';
import { ReviewCard } from '@/components/reviews/review-card.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { FullPageSpinner } from '@/components/ui/spinner.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useReview } from '../api/get-review.ts';
import { useUnhideReview } from '../api/unhide-review.ts';
import { EditReview } from '../components/edit-review.tsx';
import { HideReviewDialog } from '../components/hide-review-dialog.tsx';
import { ReplyForm } from '../components/reply-form.tsx';

/**
 * /reviews/:id: a review (its id), or `booking-<id>`, the booking's own review page that the reminders link to
 * before any review exists: the form, or both sides' reviews.
 */
export default function ReviewPage() {
  const params = useParams<{ id: string }>();
  const raw = params.id ?? '';
  if (raw.startsWith(bookingReviewsEntityPrefix)) {
    const bookingId = parseRouteId(raw.slice(bookingReviewsEntityPrefix.length));
    return bookingId === null ? <ReviewNotFound /> : <BookingReviewsView bookingId={bookingId} />;
  }
  const reviewId = parseRouteId(raw);
  return reviewId === null ? <ReviewNotFound /> : <SingleReview reviewId={reviewId} />;
}

function ReviewNotFound() {
  return (
    <section className="p-4">
      <EmptyState
        icon={<MessageSquareOff />}
        title="Review not found"
        description="It may not be published yet, it was hidden, or the link is wrong."
        action={
          <Button asChild variant="secondary">
            <Link href="/bookings">Go to my bookings</Link>
          </Button>
        }
      />
    </section>
  );
}

function BookingReviewsView({ bookingId }: { bookingId: number }) {
  const booking = useBooking(bookingId);
  if (booking.isPending) return <FullPageSpinner label="Loading the booking" />;
  if (booking.isError) {
    if (booking.error instanceof ApiError && booking.error.status === 404) return <ReviewNotFound />;
    return <ErrorState message="We couldn't load this booking." onRetry={() => void booking.refetch()} />;
  }
  const b = booking.data;
  return (
    <div className="grid gap-4 p-4">
      <Card className="grid gap-1 p-4">
        <h1 className="text-xl font-semibold text-neutral-900">{b.serviceName}</h1>
        <p className="text-sm text-neutral-600">
          {b.detailerBusinessName} · {b.customerName}
        </p>
        <Link href={`/bookings/${b.id}`} className="mt-1 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700">
          View booking
          <ChevronRight aria-hidden className="size-4" />
        </Link>
      </Card>
      {b.status === 'completed' ? (
        <BookingReviewsPanel bookingId={b.id} detailerName={b.detailerBusinessName} customerName={b.customerName} />
      ) : (
        <Card className="p-4 text-sm text-neutral-600">Reviews open when the job is completed.</Card>
      )}
    </div>
  );
}

function SingleReview({ reviewId }: { reviewId: number }) {
  const review = useReview(reviewId);
  if (review.isPending) return <FullPageSpinner label="Loading the review" />;
  if (review.isError) {
    if (review.error instanceof ApiError && review.error.status === 404) return <ReviewNotFound />;
    return <ErrorState message="We couldn't load this review." onRetry={() => void review.refetch()} />;
  }
  const r = review.data;
  return (
    <div className="grid gap-4 p-4">
      <div className="grid gap-1">
        <h1 className="text-xl font-semibold text-neutral-900">{r.isMine ? 'Your review' : `Review of ${r.subjectName}`}</h1>
        <p className="text-sm text-neutral-600">
          {r.authorRole === 'customer' ? `${r.authorName} rated ${r.detailerBusinessName}` : `${r.authorName} rated ${r.subjectName}`}
        </p>
      </div>
      <ReviewCard review={r}>
        {!r.publishedAt && (
          <p className="flex items-start gap-2 rounded-control bg-brand-50 p-3 text-sm text-brand-800">
            <Clock aria-hidden className="mt-0.5 size-4 shrink-0" />
            Only you can see this review until both sides have reviewed or the review window closes.
          </p>
        )}
        {r.canEdit && <EditReview review={r} />}
        {r.canReply && <ReplyForm reviewId={r.id} />}
        {r.canHide && <AdminControls review={r} />}
      </ReviewCard>
      {r.authorRole === 'customer' && (
        <Button asChild variant="secondary">
          <Link href={`/detailers/${r.detailerId}`}>See {r.detailerBusinessName}'s page</Link>
        </Button>
      )}
    </div>
  );
}

function AdminControls({ review }: { review: Review }) {
  const unhide = useUnhideReview();
  if (!review.isHidden) return <HideReviewDialog reviewId={review.id} />;
  return (
    <Button
      variant="secondary"
      disabled={unhide.isPending}
      onClick={() =>
        unhide.mutate(review.id, {
          onSuccess: () => toast({ title: 'Review shown again', description: 'It counts in the rating again.' }),
          onError: (error) =>
            toast({ title: "Couldn't show the review", description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
        })
      }
    >
      <Eye aria-hidden />
      Show review again
    </Button>
  );
}
