import { and, asc, eq, sql } from 'drizzle-orm';
import { badRequest, notFound } from '@core/errors.ts';
import { dateInZone } from '@core/domain/time-slots.ts';
import type { AvailabilityRule, WeeklyAvailability } from '@core/schemas/booking.ts';
import type { Database } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { availabilityRules, detailerDaysOff, detailers } from '../db/schema.ts';
import { requireRole, type Actor } from '../identity/access.ts';

// The detailer's own weekly hours and days off, as they set them; when a customer may book is availability-service.

/** Seeded and default hours: Monday to Saturday, 9 AM to 5 PM. */
export const defaultWeeklyRules: AvailabilityRule[] = [1, 2, 3, 4, 5, 6].map((weekday) => ({
  weekday,
  startMinute: 9 * 60,
  endMinute: 17 * 60,
}));

/** Gives a detailer the default hours when they have none yet; running it again changes nothing. */
export async function ensureDefaultAvailability(db: Database, detailerId: number): Promise<void> {
  const [existing] = await db
    .select({ id: availabilityRules.id })
    .from(availabilityRules)
    .where(eq(availabilityRules.detailerId, detailerId))
    .limit(1);
  if (existing) return;
  await db.insert(availabilityRules).values(defaultWeeklyRules.map((r) => ({ ...r, detailerId })));
}

async function ownDetailer(db: Database, actor: Actor) {
  const user = requireRole(actor, 'detailer');
  const [row] = await db.select({ id: detailers.id, timeZone: detailers.timeZone }).from(detailers).where(eq(detailers.userId, user.id));
  if (!row) throw notFound('Detailer profile not found');
  return row;
}

async function weeklyAvailabilityOf(db: Database, detailer: { id: number; timeZone: string }, now: Date): Promise<WeeklyAvailability> {
  const rules = await db
    .select({ weekday: availabilityRules.weekday, startMinute: availabilityRules.startMinute, endMinute: availabilityRules.endMinute })
    .from(availabilityRules)
    .where(eq(availabilityRules.detailerId, detailer.id))
    .orderBy(asc(availabilityRules.weekday), asc(availabilityRules.startMinute));
  const today = dateInZone(now, detailer.timeZone);
  const days = await db
    .select({ date: detailerDaysOff.date })
    .from(detailerDaysOff)
    .where(and(eq(detailerDaysOff.detailerId, detailer.id), sql`${detailerDaysOff.date} >= ${today}`))
    .orderBy(asc(detailerDaysOff.date));
  return { rules, daysOff: days.map((d) => d.date), timeZone: detailer.timeZone };
}

export async function getOwnAvailability(db: Database, actor: Actor, now: Date): Promise<WeeklyAvailability> {
  const detailer = await ownDetailer(db, actor);
  return weeklyAvailabilityOf(db, detailer, now);
}

/** Replaces the detailer's weekly hours; overlapping ranges on one day are refused. */
export async function setOwnAvailability(db: Database, actor: Actor, now: Date, rules: AvailabilityRule[]): Promise<WeeklyAvailability> {
  const detailer = await ownDetailer(db, actor);
  const sorted = [...rules].sort((a, b) => a.weekday - b.weekday || a.startMinute - b.startMinute);
  for (let i = 1; i < sorted.length; i++) {
    const previous = sorted[i - 1]!;
    const current = sorted[i]!;
    if (previous.weekday === current.weekday && current.startMinute < previous.endMinute) {
      throw badRequest('Hours on one day must not overlap', { rules: 'Hours on one day must not overlap' });
    }
  }
  await db.transaction(async (tx) => {
    await tx.delete(availabilityRules).where(eq(availabilityRules.detailerId, detailer.id));
    if (sorted.length) await tx.insert(availabilityRules).values(sorted.map((r) => ({ ...r, detailerId: detailer.id })));
  });
  return weeklyAvailabilityOf(db, detailer, now);
}

export async function addDayOff(db: Database, actor: Actor, now: Date, date: string): Promise<WeeklyAvailability> {
  const detailer = await ownDetailer(db, actor);
  if (date < dateInZone(now, detailer.timeZone)) {
    throw badRequest('Date cannot be in the past', { date: 'Date cannot be in the past' });
  }
  try {
    await db.insert(detailerDaysOff).values({ detailerId: detailer.id, date, createdAt: now });
  } catch (error) {
    // Blocking a day twice is the same as blocking it once.
    if (!isUniqueViolation(error, 'detailer_days_off_unique')) throw error;
  }
  return weeklyAvailabilityOf(db, detailer, now);
}

export async function removeDayOff(db: Database, actor: Actor, now: Date, date: string): Promise<WeeklyAvailability> {
  const detailer = await ownDetailer(db, actor);
  await db.delete(detailerDaysOff).where(and(eq(detailerDaysOff.detailerId, detailer.id), eq(detailerDaysOff.date, date)));
  return weeklyAvailabilityOf(db, detailer, now);
}
