import { eq } from 'drizzle-orm';
import { AppError, conflict, notFound } from '@core/errors.ts';
import { isWithinHours, reviewEditHours, reviewWindowDays } from '@core/domain/after-the-job.ts';
import { reviewerDisplayName } from '@core/domain/review-rating.ts';
import type { CreateReviewInput, HideReviewInput, Review, ReviewReplyInput, UpdateReviewInput } from '@core/schemas/review.ts';
import type { AppContext } from '../context.ts';
import { bookings, reviews } from '../db/schema.ts';
import { announceBookingChange } from '../bookings/booking-live.ts';
import { loadRecord, visibleRecord, type BookingRecord } from '../bookings/booking-records.ts';
import { requireRole, requireUser, type Actor } from '../identity/access.ts';
import type { UserRow } from '../identity/user-service.ts';
import { notify } from '../notifications/notification-service.ts';
import { publishBookingReviews, recomputeDetailerRating } from './review-publication.ts';
import { loadAfterPhotoUrls, toReview, type ReviewRow } from './review-records.ts';

export const alreadyReviewedMessage = 'You have already reviewed this booking.';
export const notCompletedMessage = 'Only a completed booking can be reviewed.';
export const windowClosedMessage = `Reviews close ${reviewWindowDays} days after the job is completed.`;
/** Blind reviews: once both sides have read each other's, neither may rewrite their rating in answer. */
export const ratingFinalMessage = 'Both reviews are published, so the rating is final. You can still correct the text.';
export const editWindowClosedMessage = `A review can be edited for ${reviewEditHours} hours after it is written.`;
export const alreadyRepliedMessage = 'You have already replied to this review.';

const reviewNotFound = () => notFound('Review not found');

async function reviewView(tx: AppContext, row: ReviewRow, record: BookingRecord, viewer: UserRow, now: Date): Promise<Review> {
  const photos = await loadAfterPhotoUrls(tx.db, [row.bookingId]);
  return toReview(row, record, viewer, now, photos.get(row.bookingId) ?? []);
}

/**
 * A side reviews a completed booking, within 14 days of completion, once. The booking row is locked first, so the
 * two sides reviewing at the same moment take turns: the second one sees the first and publishes both.
 */
export async function createReview(ctx: AppContext, actor: Actor, now: Date, bookingId: number, input: CreateReviewInput): Promise<Review> {
  const user = requireUser(actor);
  return ctx.transaction(async (tx) => {
    await tx.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId)).for('update');
    const { record, relation } = await visibleRecord(tx.db, user, bookingId);
    // Admins see bookings but are not a side of any: they have nothing to review.
    if (relation === 'admin') throw notFound('Booking not found');
    const { booking } = record;
    if (booking.status !== 'completed' || !booking.completedAt) throw conflict(notCompletedMessage);
    if (!isWithinHours(booking.completedAt, reviewWindowDays * 24, now)) throw conflict(windowClosedMessage);
    const existing = await tx.db.select().from(reviews).where(eq(reviews.bookingId, bookingId));
    if (existing.some((review) => review.authorRole === relation)) throw conflict(alreadyReviewedMessage);
    const [created] = await tx.db
      .insert(reviews)
      .values({
        bookingId,
        authorRole: relation,
        authorUserId: user.id,
        detailerId: booking.detailerId,
        customerId: booking.customerId,
        rating: input.rating,
        body: input.body,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    let mine = created!;
    if (existing.length > 0) {
      const published = await publishBookingReviews(tx, record, now);
      mine = published.find((review) => review.id === mine.id) ?? mine;
    } else {
      announceBookingChange(tx, record, true);
    }
    return reviewView(tx, mine, record, user, now);
  });
}

/**
 * The author changes the rating or the text within 24 hours of writing; not once hidden. Once published (both sides
 * have reviewed; the window's own publication comes long after the 24 hours) the rating is final and only the text
 * may be corrected: `updatedAt` then marks it edited.
 */
export async function updateReview(ctx: AppContext, actor: Actor, now: Date, reviewId: number, change: UpdateReviewInput): Promise<Review> {
  const user = requireUser(actor);
  return ctx.transaction(async (tx) => {
    const [row] = await tx.db.select().from(reviews).where(eq(reviews.id, reviewId)).for('update');
    if (!row || row.authorUserId !== user.id) throw reviewNotFound();
    if (row.hiddenAt) throw conflict('This review was hidden by Glossly and can no longer be edited.');
    if (!isWithinHours(row.createdAt, reviewEditHours, now)) throw conflict(editWindowClosedMessage);
    if (row.publishedAt && change.rating !== undefined && change.rating !== row.rating) {
      throw new AppError('conflict', ratingFinalMessage, { rating: ratingFinalMessage });
    }
    const [updated] = await tx.db
      .update(reviews)
      .set({ ...change, updatedAt: now })
      .where(eq(reviews.id, reviewId))
      .returning();
    const record = (await loadRecord(tx.db, row.bookingId))!;
    announceBookingChange(tx, record, true);
    return reviewView(tx, updated!, record, user, now);
  });
}

/** The reviewed detailer's one public answer to a published customer review. */
export async function replyToReview(ctx: AppContext, actor: Actor, now: Date, reviewId: number, input: ReviewReplyInput): Promise<Review> {
  const user = requireUser(actor);
  return ctx.transaction(async (tx) => {
    const [row] = await tx.db.select().from(reviews).where(eq(reviews.id, reviewId)).for('update');
    const record = row ? await loadRecord(tx.db, row.bookingId) : undefined;
    const isTheirs = record !== undefined && record.detailerUserId === user.id;
    if (!row || !record || !isTheirs || row.authorRole !== 'customer' || !row.publishedAt || row.hiddenAt) throw reviewNotFound();
    if (row.reply !== null) throw conflict(alreadyRepliedMessage);
    const [updated] = await tx.db.update(reviews).set({ reply: input.body, repliedAt: now }).where(eq(reviews.id, reviewId)).returning();
    await notify(tx, {
      userId: row.authorUserId,
      type: 'review',
      title: 'Reply to your review',
      message: `${record.detailerBusinessName} replied to your review of your ${record.serviceName}.`,
      entityId: String(row.id),
    });
    announceBookingChange(tx, record, true);
    return reviewView(tx, updated!, record, user, now);
  });
}

/**
 * An admin hides a published review that breaks the rules (the reason is kept while it is hidden), or shows it
 * again. A customer review's rating leaves or rejoins the detailer's rating in the same transaction.
 */
export async function setReviewHidden(
  ctx: AppContext,
  actor: Actor,
  now: Date,
  reviewId: number,
  hide: HideReviewInput | null,
): Promise<Review> {
  const admin = requireRole(actor, 'admin');
  return ctx.transaction(async (tx) => {
    const [row] = await tx.db.select().from(reviews).where(eq(reviews.id, reviewId)).for('update');
    // Blind even to admins: an unpublished review is its author's alone.
    if (!row || !row.publishedAt) throw reviewNotFound();
    if (hide && row.hiddenAt) throw conflict('This review is already hidden.');
    if (!hide && !row.hiddenAt) throw conflict('This review is not hidden.');
    const [updated] = await tx.db
      .update(reviews)
      .set(
        hide
          ? { hiddenAt: now, hiddenReason: hide.reason, hiddenByUserId: admin.id }
          : { hiddenAt: null, hiddenReason: null, hiddenByUserId: null },
      )
      .where(eq(reviews.id, reviewId))
      .returning();
    if (row.authorRole === 'customer') await recomputeDetailerRating(tx, row.detailerId);
    const record = (await loadRecord(tx.db, row.bookingId))!;
    if (hide) {
      await notify(tx, {
        userId: row.authorUserId,
        type: 'review',
        title: 'Your review was hidden',
        message: `Glossly hid your review of ${row.authorRole === 'customer' ? record.detailerBusinessName : reviewerDisplayName(record.customerName)}: ${hide.reason}`,
        entityId: String(row.id),
      });
    }
    announceBookingChange(tx, record, true);
    return reviewView(tx, updated!, record, admin, now);
  });
}
