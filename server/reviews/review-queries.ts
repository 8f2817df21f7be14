import { and, desc, eq, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import { notFound } from '@core/errors.ts';
import { isWithinHours, reviewWindowClosesAt, reviewWindowDays } from '@core/domain/after-the-job.ts';
import { detailerReviewsPageSize, type BookingReviews, type DetailerReviewsPage, type Review } from '@core/schemas/review.ts';
import type { Database } from '../db/client.ts';
import { bookings, detailers, reviews } from '../db/schema.ts';
import { loadRecord, selectRecords, visibleRecord } from '../bookings/booking-records.ts';
import { requireUser, type Actor } from '../identity/access.ts';
import { canSeeReview, loadAfterPhotoUrls, loadReviewsOfBooking, toReview, type Viewer } from './review-records.ts';

/** A review as the viewer may see it (published customer reviews are public); anything else is the same 404. */
export async function getReview(db: Database, viewer: Viewer, now: Date, reviewId: number): Promise<Review> {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, reviewId));
  const record = row ? await loadRecord(db, row.bookingId) : undefined;
  if (!row || !record || !canSeeReview(row, record, viewer)) throw notFound('Review not found');
  const photos = await loadAfterPhotoUrls(db, [row.bookingId]);
  return toReview(row, record, viewer, now, photos.get(row.bookingId) ?? []);
}

/** A booking's reviews for its two sides (mine, and theirs once published) and admins (what is published). */
export async function getBookingReviews(db: Database, actor: Actor, now: Date, bookingId: number): Promise<BookingReviews> {
  const user = requireUser(actor);
  const { record, relation } = await visibleRecord(db, user, bookingId);
  const side = relation === 'admin' ? null : relation;
  const rows = await loadReviewsOfBooking(db, bookingId);
  const photoUrls = (await loadAfterPhotoUrls(db, [bookingId])).get(bookingId) ?? [];
  const view = (row: (typeof rows)[number]) => toReview(row, record, user, now, photoUrls);
  const mineRow = side ? rows.find((review) => review.authorRole === side) : undefined;
  const theirsRow = side ? rows.find((review) => review.authorRole !== side && canSeeReview(review, record, user)) : undefined;
  const { completedAt } = record.booking;
  const isWindowOpen =
    record.booking.status === 'completed' && completedAt !== null && isWithinHours(completedAt, reviewWindowDays * 24, now);
  const mine = mineRow ? view(mineRow) : null;
  return {
    side,
    mine,
    theirs: theirsRow ? view(theirsRow) : null,
    published: rows.filter((review) => review.publishedAt && canSeeReview(review, record, user)).map(view),
    canReview: side !== null && !mineRow && isWindowOpen,
    canEdit: mine?.canEdit ?? false,
    windowClosesAt: completedAt ? reviewWindowClosesAt(completedAt).toISOString() : null,
    isWindowOpen,
  };
}

/** A detailer's published, visible customer reviews, newest first, 20 a page (public: the detailer's page). */
export async function listDetailerReviews(
  db: Database,
  viewer: Viewer,
  now: Date,
  detailerId: number,
  cursor: number | undefined,
): Promise<DetailerReviewsPage> {
  const [detailer] = await db
    .select({ rating: detailers.rating, reviewCount: detailers.reviewCount })
    .from(detailers)
    .where(eq(detailers.id, detailerId));
  if (!detailer) throw notFound('Detailer not found');
  const rows = await db
    .select()
    .from(reviews)
    .where(
      and(
        eq(reviews.detailerId, detailerId),
        eq(reviews.authorRole, 'customer'),
        isNotNull(reviews.publishedAt),
        isNull(reviews.hiddenAt),
        cursor === undefined ? undefined : lt(reviews.id, cursor),
      ),
    )
    // Ids follow writing order: newest first, and a stable cursor.
    .orderBy(desc(reviews.id))
    .limit(detailerReviewsPageSize + 1);
  const page = rows.slice(0, detailerReviewsPageSize);
  const bookingIds = [...new Set(page.map((review) => review.bookingId))];
  const records = bookingIds.length === 0 ? [] : await selectRecords(db).where(inArray(bookings.id, bookingIds));
  const recordOf = new Map(records.map((record) => [record.booking.id, record]));
  const photos = await loadAfterPhotoUrls(db, bookingIds);
  return {
    reviews: page.map((review) => toReview(review, recordOf.get(review.bookingId)!, viewer, now, photos.get(review.bookingId) ?? [])),
    nextCursor: rows.length > detailerReviewsPageSize ? page[page.length - 1]!.id : null,
    rating: detailer.rating,
    reviewCount: detailer.reviewCount,
  };
}
