import { and, asc, eq, inArray } from 'drizzle-orm';
import { isWithinHours, reviewEditHours } from '@core/domain/after-the-job.ts';
import { reviewerDisplayName } from '@core/domain/review-rating.ts';
import { dateInZone } from '@core/domain/time-slots.ts';
import type { Review } from '@core/schemas/review.ts';
import type { Database } from '../db/client.ts';
import { bookingPhotos, reviews } from '../db/schema.ts';
import type { BookingRecord } from '../bookings/booking-records.ts';
import type { UserRow } from '../identity/user-service.ts';

export type ReviewRow = typeof reviews.$inferSelect;
/** Who is looking: a signed-in user, or null for a visitor (published customer reviews are public). */
export type Viewer = UserRow | null;

const hour = 3_600_000;

/**
 * The blind rule (decision 020): the author always sees their review; nobody else sees it until it is published.
 * Then admins see it (hidden or not); a hidden review is gone for everyone else; a customer's review of the
 * detailer is public; a detailer's review of a customer is for that customer and that detailer only.
 */
export function canSeeReview(review: ReviewRow, record: BookingRecord, viewer: Viewer): boolean {
  if (viewer && viewer.id === review.authorUserId) return true;
  if (!review.publishedAt) return false;
  if (viewer?.role === 'admin') return true;
  if (review.hiddenAt) return false;
  if (review.authorRole === 'customer') return true;
  return viewer !== null && (viewer.id === record.booking.customerId || viewer.id === record.detailerUserId);
}

export function canEditReview(review: ReviewRow, viewer: Viewer, now: Date): boolean {
  return viewer?.id === review.authorUserId && !review.hiddenAt && isWithinHours(review.createdAt, reviewEditHours, now);
}

/** The reviewed detailer answers a published, visible customer review, once. */
export function canReplyToReview(review: ReviewRow, record: BookingRecord, viewer: Viewer): boolean {
  return (
    viewer?.id === record.detailerUserId &&
    review.authorRole === 'customer' &&
    review.publishedAt !== null &&
    review.hiddenAt === null &&
    review.reply === null
  );
}

/** The API's view of a review for this viewer (call only when canSeeReview). */
export function toReview(review: ReviewRow, record: BookingRecord, viewer: Viewer, now: Date, photoUrls: readonly string[]): Review {
  const customerName = reviewerDisplayName(record.customerName);
  const isCustomerReview = review.authorRole === 'customer';
  const isAdmin = viewer?.role === 'admin';
  const isMine = viewer?.id === review.authorUserId;
  return {
    id: review.id,
    bookingId: review.bookingId,
    authorRole: review.authorRole,
    authorName: isCustomerReview ? customerName : record.detailerBusinessName,
    subjectName: isCustomerReview ? record.detailerBusinessName : customerName,
    detailerId: review.detailerId,
    detailerBusinessName: record.detailerBusinessName,
    rating: review.rating,
    body: review.body,
    serviceName: record.serviceName,
    bookingDate: dateInZone(record.booking.startsAt, record.timeZone),
    photoUrls: isCustomerReview && review.publishedAt ? [...photoUrls] : [],
    createdAt: review.createdAt.toISOString(),
    updatedAt: review.updatedAt.toISOString(),
    publishedAt: review.publishedAt?.toISOString() ?? null,
    reply: review.reply,
    repliedAt: review.repliedAt?.toISOString() ?? null,
    isHidden: review.hiddenAt !== null,
    hiddenReason: isMine || isAdmin ? review.hiddenReason : null,
    isMine,
    canEdit: canEditReview(review, viewer, now),
    editableUntil: new Date(review.createdAt.getTime() + reviewEditHours * hour).toISOString(),
    canReply: canReplyToReview(review, record, viewer),
    canHide: isAdmin && review.publishedAt !== null,
  };
}

/** The 'after' photos of several bookings, in one query: what a published customer review shows. */
export async function loadAfterPhotoUrls(db: Database, bookingIds: readonly number[]): Promise<Map<number, string[]>> {
  const urls = new Map<number, string[]>();
  if (bookingIds.length === 0) return urls;
  const rows = await db
    .select({ bookingId: bookingPhotos.bookingId, uploadId: bookingPhotos.uploadId })
    .from(bookingPhotos)
    .where(and(inArray(bookingPhotos.bookingId, [...bookingIds]), eq(bookingPhotos.phase, 'after')))
    .orderBy(asc(bookingPhotos.id));
  for (const row of rows) {
    const list = urls.get(row.bookingId) ?? [];
    list.push(`/api/uploads/${row.uploadId}`);
    urls.set(row.bookingId, list);
  }
  return urls;
}

export async function loadReviewsOfBooking(db: Database, bookingId: number): Promise<ReviewRow[]> {
  return db.select().from(reviews).where(eq(reviews.bookingId, bookingId)).orderBy(asc(reviews.id));
}
