import type { FastifyInstance } from 'fastify';
import { and, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import { reviewWindowDays } from '@core/domain/after-the-job.ts';
import { bookingReviewsEntityId } from '@core/schemas/review.ts';
import type { AppContext } from '../context.ts';
import { bookingReminders, bookings, reviews } from '../db/schema.ts';
import { loadRecord, selectRecords } from '../bookings/booking-records.ts';
import { startIntervalJob } from '../jobs/interval-job.ts';
import { notify } from '../notifications/notification-service.ts';
import { publishBookingReviews } from './review-publication.ts';

export const reviewJobIntervalMs = 60_000;

const dayMs = 86_400_000;
type ReminderKind = (typeof bookingReminders.$inferInsert)['kind'];

/** The two reminders, each for the days after completion it covers (a job that was down sends only the current one). */
const reminderWindows: Array<{ kind: ReminderKind; fromDays: number; toDays: number }> = [
  { kind: 'review-1d', fromDays: 1, toDays: 7 },
  { kind: 'review-7d', fromDays: 7, toDays: reviewWindowDays },
];

/**
 * Publishes the reviews of every booking whose 14-day window has closed, a booking per transaction that locks the
 * booking row (as a review does) and recomputes the rating with it. Running it twice, or on two instances, publishes
 * nothing twice: the update takes only unpublished rows.
 */
export async function publishClosedReviews(ctx: AppContext, now: Date): Promise<number> {
  const due = await ctx.db
    .selectDistinct({ bookingId: reviews.bookingId })
    .from(reviews)
    .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
    .where(and(isNull(reviews.publishedAt), lte(bookings.completedAt, new Date(now.getTime() - reviewWindowDays * dayMs))));
  let published = 0;
  for (const { bookingId } of due) {
    published += await ctx.transaction(async (tx) => {
      await tx.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId)).for('update');
      const record = await loadRecord(tx.db, bookingId);
      return record ? (await publishBookingReviews(tx, record, now)).length : 0;
    });
  }
  return published;
}

/**
 * Reminds each side that has not reviewed, 1 day and 7 days after completion, once each: the claim (a
 * booking_reminders row, unique per booking, user, kind and start) and the notification commit together, as the
 * booking reminders do. The notification links to the booking's review page (/reviews/booking-<id>).
 */
export async function sendReviewReminders(ctx: AppContext, now: Date): Promise<number> {
  let sent = 0;
  for (const window of reminderWindows) {
    const due = await selectRecords(ctx.db).where(
      and(
        eq(bookings.status, 'completed'),
        lte(bookings.completedAt, new Date(now.getTime() - window.fromDays * dayMs)),
        gt(bookings.completedAt, new Date(now.getTime() - window.toDays * dayMs)),
      ),
    );
    if (due.length === 0) continue;
    const written = await ctx.db
      .select({ bookingId: reviews.bookingId, authorRole: reviews.authorRole })
      .from(reviews)
      .where(
        inArray(
          reviews.bookingId,
          due.map((record) => record.booking.id),
        ),
      );
    const hasReviewed = new Set(written.map((review) => `${review.bookingId}:${review.authorRole}`));
    for (const { booking, serviceName, detailerBusinessName, detailerUserId, customerName } of due) {
      const notices = [
        {
          side: 'customer',
          userId: booking.customerId,
          message: `How was your ${serviceName} with ${detailerBusinessName}? Rate your detailer.`,
        },
        { side: 'detailer', userId: detailerUserId, message: `How was the ${serviceName} for ${customerName}? Rate your customer.` },
      ].filter((notice) => !hasReviewed.has(`${booking.id}:${notice.side}`));
      for (const notice of notices) {
        const claimed = await ctx.transaction(async (tx) => {
          const [claim] = await tx.db
            .insert(bookingReminders)
            .values({ bookingId: booking.id, userId: notice.userId, kind: window.kind, startsAt: booking.startsAt, sentAt: now })
            .onConflictDoNothing()
            .returning({ id: bookingReminders.id });
          if (!claim) return false;
          await notify(tx, {
            userId: notice.userId,
            type: 'review',
            title: 'Leave a review',
            message: notice.message,
            entityId: bookingReviewsEntityId(booking.id),
          });
          return true;
        });
        if (claimed) sent += 1;
      }
    }
  }
  return sent;
}

/** One pass: close the windows that ended, then the reminders. */
export async function runReviewJob(ctx: AppContext, now: Date): Promise<{ published: number; reminded: number }> {
  const published = await publishClosedReviews(ctx, now);
  const reminded = await sendReviewReminders(ctx, now);
  return { published, reminded };
}

/** Runs the pass every minute while the app is up. */
export function startReviewJob(app: FastifyInstance, intervalMs = reviewJobIntervalMs): void {
  startIntervalJob(app, 'reviews', intervalMs, runReviewJob, (result) => result.published + result.reminded > 0);
}
