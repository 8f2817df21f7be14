import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { detailerRating, reviewerDisplayName } from '@core/domain/review-rating.ts';
import type { AppContext } from '../context.ts';
import { detailers, reviews } from '../db/schema.ts';
import { announceBookingChange } from '../bookings/booking-live.ts';
import type { BookingRecord } from '../bookings/booking-records.ts';
import { notifyMany } from '../notifications/notification-service.ts';
import type { ReviewRow } from './review-records.ts';

/**
 * Recomputes the detailer's rating and review count (decision 020) inside the caller's transaction, which
 * publishes, edits or hides a customer review. The detailer row is locked first: two bookings of one detailer
 * published at once then count each other (the second reads after the first commits), never overwrite each other.
 */
export async function recomputeDetailerRating(tx: AppContext, detailerId: number): Promise<{ rating: number; reviewCount: number }> {
  const [history] = await tx.db
    .select({ rating: detailers.historyRating, reviewCount: detailers.historyReviewCount })
    .from(detailers)
    .where(eq(detailers.id, detailerId))
    .for('update');
  const [published] = await tx.db
    .select({ ratingSum: sql<number>`coalesce(sum(${reviews.rating}), 0)`.mapWith(Number), count: count() })
    .from(reviews)
    .where(
      and(eq(reviews.detailerId, detailerId), eq(reviews.authorRole, 'customer'), isNotNull(reviews.publishedAt), isNull(reviews.hiddenAt)),
    );
  const next = detailerRating(history!, published!);
  await tx.db.update(detailers).set(next).where(eq(detailers.id, detailerId));
  // Cards and lists read the rating through the catalog cache.
  tx.afterCommit(() => tx.catalogCache.clear());
  return next;
}

/**
 * Publishes a booking's unpublished reviews at `now` in the caller's transaction (which holds the booking row):
 * when the second side reviews, or when the window closes. Recomputes the rating when a customer review is among
 * them, and tells each reviewed side ('New review', linking to the review).
 */
export async function publishBookingReviews(tx: AppContext, record: BookingRecord, now: Date): Promise<ReviewRow[]> {
  const published = await tx.db
    .update(reviews)
    .set({ publishedAt: now })
    .where(and(eq(reviews.bookingId, record.booking.id), isNull(reviews.publishedAt)))
    .returning();
  if (published.length === 0) return published;
  if (published.some((review) => review.authorRole === 'customer' && !review.hiddenAt)) {
    await recomputeDetailerRating(tx, record.booking.detailerId);
  }
  const customerName = reviewerDisplayName(record.customerName);
  await notifyMany(
    tx,
    published.map((review) =>
      review.authorRole === 'customer'
        ? {
            userId: record.detailerUserId,
            type: 'review' as const,
            title: 'New review',
            message: `${customerName} rated your ${record.serviceName} ${review.rating} out of 5.`,
            entityId: String(review.id),
          }
        : {
            userId: record.booking.customerId,
            type: 'review' as const,
            title: 'New review',
            message: `${record.detailerBusinessName} rated you ${review.rating} out of 5 for your ${record.serviceName}.`,
            entityId: String(review.id),
          },
    ),
  );
  announceBookingChange(tx, record, true);
  return published;
}
