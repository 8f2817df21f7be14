import { activeJobStatuses } from '@core/domain/booking-status.ts';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { notFound } from '@core/errors.ts';
import { acceptanceRatePercent, acceptanceWindowDays } from '@core/domain/detailer-dashboard.ts';
import { addCalendarDays, weekStartInZone } from '@core/domain/business-weeks.ts';
import { dateInZone, zonedTimeToUtc } from '@core/domain/time-slots.ts';
import type { DetailerDashboard } from '@core/schemas/dashboard.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { bookingEvents, bookings, detailerLedger, detailers } from '../db/schema.ts';
import { requireRole, type Actor } from '../identity/access.ts';
import { selectRecords } from '../bookings/booking-records.ts';
import { toBooking } from '../bookings/booking-queries.ts';

// The detailer's dashboard (issue 17, decision 021): one read of today's jobs, the requests waiting for an answer,
// the week's earnings from the ledger, the acceptance rate and the rating. Only the signed-in detailer's own data.

/** Sum of the job and tip rows (what the detailer keeps) written since `from`; 0 until the ledger sync writes rows. */
async function earningsSince(db: Database, detailerId: number, from: Date): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${detailerLedger.amountCents}), 0)`.mapWith(Number) })
    .from(detailerLedger)
    .where(
      and(eq(detailerLedger.detailerId, detailerId), inArray(detailerLedger.kind, ['job', 'tip']), gte(detailerLedger.createdAt, from)),
    );
  return row?.cents ?? 0;
}

/** How the detailer answered requests since `from`: each request's answer is its move out of `requested`. */
async function answersSince(db: Database, detailerId: number, from: Date) {
  const rows = await db
    .select({ status: bookingEvents.toStatus, n: sql<number>`count(*)`.mapWith(Number) })
    .from(bookingEvents)
    .innerJoin(bookings, eq(bookings.id, bookingEvents.bookingId))
    .where(
      and(
        eq(bookings.detailerId, detailerId),
        eq(bookingEvents.fromStatus, 'requested'),
        // The detailer's answers only: an instant booking's acceptance is the system's (decision 035).
        inArray(bookingEvents.action, ['accept', 'decline', 'expire']),
        inArray(bookingEvents.toStatus, ['accepted', 'declined', 'expired']),
        gte(bookingEvents.createdAt, from),
      ),
    )
    .groupBy(bookingEvents.toStatus);
  const count = (status: string) => rows.find((row) => row.status === status)?.n ?? 0;
  return { accepted: count('accepted'), declined: count('declined'), expired: count('expired') };
}

/** GET /api/detailer/dashboard: the signed-in detailer's day, requests and figures. Customers and admins get 403. */
export async function getDetailerDashboard(ctx: Pick<AppContext, 'db' | 'clock'>, actor: Actor): Promise<DetailerDashboard> {
  const user = requireRole(actor, 'detailer');
  const { db } = ctx;
  const [detailer] = await db.select().from(detailers).where(eq(detailers.userId, user.id));
  if (!detailer) throw notFound('Detailer profile not found');
  const now = ctx.clock.now();
  const zone = detailer.timeZone;
  const today = dateInZone(now, zone);
  const tomorrowStarts = zonedTimeToUtc(addCalendarDays(today, 1), 0, zone);

  // Today's jobs, and any left from a day gone by (under way since yesterday, or never started): the detailer's
  // bookings page reads "today" the same way.
  const jobRecords = await selectRecords(db)
    .where(
      and(eq(bookings.detailerId, detailer.id), inArray(bookings.status, [...activeJobStatuses]), lt(bookings.startsAt, tomorrowStarts)),
    )
    .orderBy(asc(bookings.startsAt), asc(bookings.id));
  const overdueRecords = await selectRecords(db)
    .where(and(eq(bookings.detailerId, detailer.id), eq(bookings.status, 'overdue')))
    .orderBy(asc(bookings.startsAt), asc(bookings.id));
  const requestRecords = await selectRecords(db)
    .where(and(eq(bookings.detailerId, detailer.id), eq(bookings.status, 'requested')))
    .orderBy(asc(bookings.startsAt), asc(bookings.id));
  const todayJobs = await Promise.all(jobRecords.map((record) => toBooking(db, record, 'detailer', now)));
  const overdueJobs = await Promise.all(overdueRecords.map((record) => toBooking(db, record, 'detailer', now)));
  // Each request's answer-by is the booking's own (requestAnswerBy with the admin's setting): what expiry uses.
  const requests = await Promise.all(
    requestRecords.map(async (record) => {
      const booking = await toBooking(db, record, 'detailer', now);
      return { booking, answerBy: booking.answerBy! };
    }),
  );
  requests.sort((a, b) => a.answerBy.localeCompare(b.answerBy) || a.booking.id - b.booking.id);

  const weekStartsOn = weekStartInZone(now, zone);
  const weekEarningsCents = await earningsSince(db, detailer.id, zonedTimeToUtc(weekStartsOn, 0, zone));
  const answers = await answersSince(db, detailer.id, new Date(now.getTime() - acceptanceWindowDays * 86_400_000));
  return {
    businessName: detailer.businessName,
    timeZone: zone,
    today,
    todayJobs,
    overdueJobs,
    requests,
    weekEarningsCents,
    weekStartsOn,
    acceptance: { ...answers, ratePercent: acceptanceRatePercent(answers) },
    rating: Number(detailer.rating),
    reviewCount: detailer.reviewCount,
  };
}
