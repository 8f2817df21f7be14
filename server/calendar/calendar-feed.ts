import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { notFound } from '@core/errors.ts';
import { calendarFeedPath, feedHistoryDays, feedJobStatuses, webcalUrl } from '@core/domain/calendar.ts';
import { dateInZone } from '@core/domain/time-slots.ts';
import type { CalendarFeed } from '@core/schemas/calendar.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { bookings, calendarFeeds, detailerDaysOff, detailers, users } from '../db/schema.ts';
import { requireRole, type Actor } from '../identity/access.ts';
import { selectRecords } from '../bookings/booking-records.ts';
import { bookingCalendarEvent, calendarMovesOf, calendarOrganizer, dayOffUid } from './calendar-events.ts';
import { writeCalendar, type IcsEvent } from './ics.ts';

// A detailer's private calendar feed (decision 044): one secret address their calendar app fetches on its own, listing
// every job they accepted and every day off, as they are at that fetch.

/** The feed's token is its only credential: 32 random bytes (256 bits), base64url, as session tokens are. */
const newFeedToken = () => randomBytes(32).toString('base64url');
/** Only this hash is stored: a copy of the database does not hand out anyone's calendar. */
export const feedTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** How often calendar apps are asked to fetch again (most take it as a hint and poll less often). */
const refreshMinutes = 60;

async function ownDetailerId(db: Database, actor: Actor): Promise<number> {
  const user = requireRole(actor, 'detailer');
  const [row] = await db.select({ id: detailers.id }).from(detailers).where(eq(detailers.userId, user.id));
  if (!row) throw notFound('Detailer profile not found');
  return row.id;
}

const feedAnswer = (row: { createdAt: Date; lastFetchedAt: Date | null } | undefined): CalendarFeed => ({
  isSet: row !== undefined,
  createdAt: row?.createdAt.toISOString() ?? null,
  lastFetchedAt: row?.lastFetchedAt?.toISOString() ?? null,
});

/** GET /api/detailer/calendar-feed: whether the signed-in detailer has a feed, since when, last fetched when. */
export async function getCalendarFeed(db: Database, actor: Actor): Promise<CalendarFeed> {
  const detailerId = await ownDetailerId(db, actor);
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.detailerId, detailerId));
  return feedAnswer(row);
}

/**
 * POST /api/detailer/calendar-feed: a new feed address for the signed-in detailer, replacing any former one in the same
 * statement, so the old address stops working at once. The address is in this answer only.
 */
export async function resetCalendarFeed(ctx: Pick<AppContext, 'db' | 'config'>, actor: Actor, now: Date): Promise<CalendarFeed> {
  const detailerId = await ownDetailerId(ctx.db, actor);
  const token = newFeedToken();
  const values = { tokenHash: feedTokenHash(token), createdAt: now, lastFetchedAt: null };
  const [row] = await ctx.db
    .insert(calendarFeeds)
    .values({ detailerId, ...values })
    .onConflictDoUpdate({ target: calendarFeeds.detailerId, set: values })
    .returning();
  const url = `${ctx.config.PUBLIC_URL}${calendarFeedPath(token)}`;
  return { ...feedAnswer(row), url, webcalUrl: webcalUrl(url) };
}

/**
 * GET /api/calendar/<token>.ics: the feed whose token this is, read afresh. The token is checked first, and only a
 * detailer's account that is neither disabled nor demoted has one that works; anything else is the same 404.
 */
export async function calendarFeedFile(ctx: Pick<AppContext, 'db' | 'config'>, token: string, now: Date): Promise<string> {
  const { db, config } = ctx;
  const [owner] = await db
    .select({ detailerId: detailers.id, businessName: detailers.businessName, timeZone: detailers.timeZone })
    .from(calendarFeeds)
    .innerJoin(detailers, eq(detailers.id, calendarFeeds.detailerId))
    .innerJoin(users, eq(users.id, detailers.userId))
    .where(and(eq(calendarFeeds.tokenHash, feedTokenHash(token)), eq(users.role, 'detailer'), eq(users.isDisabled, false)));
  if (!owner) throw notFound('Calendar not found');
  await db.update(calendarFeeds).set({ lastFetchedAt: now }).where(eq(calendarFeeds.detailerId, owner.detailerId));

  const since = new Date(now.getTime() - feedHistoryDays * 24 * 3_600_000);
  const jobs = await selectRecords(db)
    .where(and(eq(bookings.detailerId, owner.detailerId), inArray(bookings.status, [...feedJobStatuses]), gte(bookings.startsAt, since)))
    .orderBy(asc(bookings.startsAt));
  const moves = await calendarMovesOf(
    db,
    jobs.map((job) => job.booking.id),
  );
  const daysOff = await db
    .select({ date: detailerDaysOff.date, createdAt: detailerDaysOff.createdAt })
    .from(detailerDaysOff)
    .where(and(eq(detailerDaysOff.detailerId, owner.detailerId), gte(detailerDaysOff.date, dateInZone(since, owner.timeZone))))
    .orderBy(asc(detailerDaysOff.date));

  const events: IcsEvent[] = [
    ...jobs.map((job) => bookingCalendarEvent(config, job, 'detailer', moves.get(job.booking.id) ?? [], now)),
    ...daysOff.map((day) => ({
      uid: dayOffUid(config, owner.detailerId, day.date),
      sequence: 0,
      stamp: now,
      status: 'CONFIRMED' as const,
      summary: 'Day off (Glossly)',
      description: 'No one can book you on this day.',
      date: day.date,
      created: day.createdAt,
    })),
  ];
  return writeCalendar({
    method: 'PUBLISH',
    name: `Glossly jobs: ${owner.businessName}`,
    refreshMinutes,
    organizer: calendarOrganizer(config),
    events,
  });
}
