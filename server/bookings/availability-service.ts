import { and, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import { badRequest, conflict, notFound } from '@core/errors.ts';
import { bookingHorizonDays } from '@core/domain/booking-status.ts';
import {
  dateInZone,
  isClosedDay,
  slotInHours,
  slotMinuteOfDay,
  slotRefusalMessages,
  timeSlots,
  weekdayOf,
  zonedTimeToUtc,
  type TimeSlotLabel,
} from '@core/domain/time-slots.ts';
import { addCalendarDays } from '@core/domain/business-weeks.ts';
import { driveTimeConflict, type PlacedJob } from '@core/domain/drive-time.ts';
import type { Coordinates } from '@core/domain/geo.ts';
import type { Availability, ClosedDays, CreateBookingInput, SlotReason } from '@core/schemas/booking.ts';
import type { Database } from '../db/client.ts';
import { holdsTime, lapsedHold } from '../db/time-holds.ts';
import { isListed } from '../onboarding/listing.ts';
import {
  availabilityRules,
  bookings,
  detailerDaysOff,
  detailerServices,
  detailers,
  serviceCategories,
  services,
  users,
} from '../db/schema.ts';
import { driveSecondsFor, pairsAround, straightLineRouter, type Router } from '../geo/routing.ts';
import { requireInServiceArea } from '../catalog/service-area-service.ts';
import { requireBookableService } from '../catalog/catalog-service.ts';

type SlotContext = {
  timeZone: string;
  rules: { startMinute: number; endMinute: number }[];
  dayOff: boolean;
  /** The detailer's time-holding jobs of the day and the hours around it, with their places (drive time, issue 20). */
  busy: PlacedJob[];
  /** Lapsed holds among those hours (not in `busy`): a booking of the day abandons them before it is placed. */
  lapsedHoldIds: number[];
  /** Where the job would be: null when unknown (no ZIP given), so only the detailer's buffer is left between jobs. */
  place: Coordinates | null;
  travelBufferMinutes: number;
  driveSeconds: (from: Coordinates, to: Coordinates) => number;
};

/** Where the job would be and how drives are timed; without a place, only the detailer's buffer separates jobs. */
export type SlotPlace = { place?: Coordinates | null; router?: Router };

/** Jobs ending up to this long before the day (or starting this long after) are still its neighbours. */
const neighbourMarginMinutes = 12 * 60;

const slotDetailerColumns = {
  id: detailers.id,
  timeZone: detailers.timeZone,
  businessName: detailers.businessName,
  userId: detailers.userId,
  baseLatitude: detailers.baseLatitude,
  baseLongitude: detailers.baseLongitude,
  serviceRadiusMiles: detailers.serviceRadiusMiles,
};

async function loadDetailer(db: Database, detailerId: number) {
  const [row] = await db.select(slotDetailerColumns).from(detailers).where(eq(detailers.id, detailerId));
  if (!row) throw notFound('Detailer not found');
  return row;
}

/**
 * A detailer customers may book (decision 021: approved, neither disabled nor deleted), read with the listing rule in
 * one statement (issue 40: a booking's reads queue one by one on PGlite); anyone else is 'Detailer not found'.
 */
async function loadListedDetailer(db: Database, detailerId: number) {
  const [row] = await db
    .select(slotDetailerColumns)
    .from(detailers)
    .innerJoin(users, eq(users.id, detailers.userId))
    .where(and(eq(detailers.id, detailerId), isListed()));
  if (!row) throw notFound('Detailer not found');
  return row;
}

const notOfferedMessage = 'This detailer does not offer that service';

/** Duration in minutes of a service the detailer offers; 400 when they do not offer it. */
export async function offeredServiceDuration(db: Database, detailerId: number, serviceId: number) {
  const [row] = await db
    .select({ duration: services.durationMinutes })
    .from(detailerServices)
    .innerJoin(services, eq(services.id, detailerServices.serviceId))
    .where(and(eq(detailerServices.detailerId, detailerId), eq(detailerServices.serviceId, serviceId)));
  if (!row) throw badRequest(notOfferedMessage, { serviceId: notOfferedMessage });
  return row.duration;
}

/**
 * What a booking checks first, in one statement (issue 40: a booking's reads queue one by one on PGlite): the listed
 * detailer (404 'Detailer not found', decision 021), the service they offer (400 otherwise) with its length and name,
 * and whether customers may book it now (409 paused or no longer offered, decision 020), refused in that order.
 */
export async function loadListedOffer(db: Database, detailerId: number, serviceId: number) {
  const [row] = await db
    .select({
      ...slotDetailerColumns,
      instantBooking: detailers.instantBooking,
      durationMinutes: services.durationMinutes,
      serviceName: services.name,
      pausedAt: services.pausedAt,
      archivedAt: services.archivedAt,
      categoryHiddenAt: serviceCategories.hiddenAt,
    })
    .from(detailers)
    .innerJoin(users, eq(users.id, detailers.userId))
    .leftJoin(detailerServices, and(eq(detailerServices.detailerId, detailers.id), eq(detailerServices.serviceId, serviceId)))
    .leftJoin(services, eq(services.id, detailerServices.serviceId))
    .leftJoin(serviceCategories, eq(serviceCategories.id, services.categoryId))
    .where(and(eq(detailers.id, detailerId), isListed()));
  if (!row) throw notFound('Detailer not found');
  const { durationMinutes, serviceName, pausedAt, archivedAt, categoryHiddenAt, ...detailer } = row;
  if (durationMinutes === null || serviceName === null) throw badRequest(notOfferedMessage, { serviceId: notOfferedMessage });
  requireBookableService({ pausedAt, archivedAt, categoryHiddenAt });
  return { detailer, service: { durationMinutes, name: serviceName } };
}

async function shortestDuration(db: Database, detailerId: number): Promise<number> {
  const [row] = await db
    .select({ duration: sql<number | null>`min(${services.durationMinutes})` })
    .from(detailerServices)
    .innerJoin(services, eq(services.id, detailerServices.serviceId))
    .where(eq(detailerServices.detailerId, detailerId));
  return row?.duration == null ? 60 : Number(row.duration);
}

async function loadSlotContext(
  db: Database,
  detailer: { id: number; timeZone: string },
  date: string,
  now: Date,
  excludeBookingId?: number,
  where: SlotPlace = {},
): Promise<SlotContext> {
  // The day's hours, the detailer's travel buffer and whether the day is off, in one statement (issue 40: each one
  // counts when every customer of a busy shop asks at once, and PGlite runs them one at a time): a row per range of
  // hours, or one with none.
  const day = await db
    .select({
      startMinute: availabilityRules.startMinute,
      endMinute: availabilityRules.endMinute,
      travelBufferMinutes: detailers.travelBufferMinutes,
      dayOffId: detailerDaysOff.id,
    })
    .from(detailers)
    .leftJoin(detailerDaysOff, and(eq(detailerDaysOff.detailerId, detailers.id), eq(detailerDaysOff.date, date)))
    .leftJoin(availabilityRules, and(eq(availabilityRules.detailerId, detailers.id), eq(availabilityRules.weekday, weekdayOf(date))))
    .where(eq(detailers.id, detailer.id));
  const rules = day.flatMap(({ startMinute, endMinute }) =>
    startMinute === null || endMinute === null ? [] : [{ startMinute, endMinute }],
  );
  // The whole local day and the hours around it: long services from the day before, and the neighbours to drive from.
  const dayStart = zonedTimeToUtc(date, -neighbourMarginMinutes, detailer.timeZone);
  const dayEnd = zonedTimeToUtc(date, 24 * 60 + neighbourMarginMinutes, detailer.timeZone);
  // Read with them, the lapsed holds of these hours: they hold no time, but sit in the exclusion constraint until
  // abandoned, so a booking here abandons them first (abandonHolds) without a read of its own.
  const rows = await db
    .select({
      id: bookings.id,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      latitude: bookings.latitude,
      longitude: bookings.longitude,
      isLapsed: sql<boolean>`${lapsedHold(now)}`,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.detailerId, detailer.id),
        or(holdsTime(now), lapsedHold(now)),
        lt(bookings.startsAt, dayEnd),
        gt(bookings.endsAt, dayStart),
        excludeBookingId === undefined ? undefined : ne(bookings.id, excludeBookingId),
      ),
    );
  const busy = rows
    .filter((row) => !row.isLapsed)
    .map((row) => ({
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      place: row.latitude === null || row.longitude === null ? null : { latitude: row.latitude, longitude: row.longitude },
    }));
  const lapsedHoldIds = rows.filter((row) => row.isLapsed).map((row) => row.id);
  const place = where.place ?? null;
  // A routing service is asked here, before any lock: the check under the lock reuses these answers.
  const driveSeconds = await driveSecondsFor(where.router ?? straightLineRouter, pairsAround(place, busy));
  return {
    timeZone: detailer.timeZone,
    rules,
    dayOff: day[0]?.dayOffId != null,
    busy,
    lapsedHoldIds,
    place,
    travelBufferMinutes: day[0]?.travelBufferMinutes ?? 0,
    driveSeconds,
  };
}

type SlotVerdict = {
  startsAt: Date;
  endsAt: Date;
  available: boolean;
  /** 'previous' / 'next': the job itself is free but the drive from the previous job or to the next does not fit. */
  reason: SlotReason;
  /** The drive-time lookup the verdict used, for the check under the lock to agree with it. */
  driveSeconds: SlotContext['driveSeconds'];
};

function judgeSlot(context: SlotContext, date: string, label: TimeSlotLabel, durationMinutes: number, now: Date): SlotVerdict {
  const minute = slotMinuteOfDay(label);
  const startsAt = zonedTimeToUtc(date, minute, context.timeZone);
  const endsAt = new Date(startsAt.getTime() + durationMinutes * 60_000);
  const verdict = (reason: SlotVerdict['reason']): SlotVerdict => ({
    startsAt,
    endsAt,
    available: reason === 'ok',
    reason,
    driveSeconds: context.driveSeconds,
  });
  if (startsAt.getTime() <= now.getTime()) return verdict('past');
  if (context.dayOff || !slotInHours(context.rules, minute, durationMinutes)) return verdict('closed');
  // One rule for the slot list and the booking check (core/domain/drive-time.ts): the job's own time, then the drives.
  const conflict = driveTimeConflict(
    { startsAt, endsAt, place: context.place },
    context.busy,
    context.travelBufferMinutes,
    context.driveSeconds,
  );
  return verdict(conflict === null ? 'ok' : conflict === 'overlap' ? 'taken' : conflict);
}

/** GET /api/detailers/:id/availability: public, like the rest of the catalog. */
export async function getAvailability(
  db: Database,
  now: Date,
  detailerId: number,
  query: { date: string; serviceId?: number } & SlotPlace,
): Promise<Availability> {
  // Customers read this: a detailer they may not book (not approved, deleted, disabled) is not there for them.
  const detailer = await loadListedDetailer(db, detailerId);
  // The booking's own check (create-booking.ts) refuses a place beyond the area: here it is refused before any time
  // is offered, on the ZIP the customer typed, in the same words.
  if (query.place) requireInServiceArea(detailer, query.place);
  const duration = await jobDuration(db, detailerId, query.serviceId);
  const verdicts = await checkDaySlots(db, now, detailer, query.date, duration, undefined, query);
  return {
    date: query.date,
    timeZone: detailer.timeZone,
    slots: verdicts.map((verdict) => ({
      time: verdict.time,
      startsAt: verdict.startsAt.toISOString(),
      available: verdict.available,
      reason: verdict.reason,
    })),
  };
}

/** The service's length, or the detailer's shortest when no service is chosen yet. */
function jobDuration(db: Database, detailerId: number, serviceId: number | undefined): Promise<number> {
  return serviceId === undefined ? shortestDuration(db, detailerId) : offeredServiceDuration(db, detailerId, serviceId);
}

/**
 * GET /api/detailers/:id/closed-days: the days from today to the booking horizon on which the detailer takes no job
 * of this length (not working that weekday, a day off), by the rule the slot check applies (isClosedDay).
 */
export async function getClosedDays(db: Database, now: Date, detailerId: number, query: { serviceId?: number }): Promise<ClosedDays> {
  const detailer = await loadListedDetailer(db, detailerId);
  const duration = await jobDuration(db, detailerId, query.serviceId);
  const from = todayFor(detailer.timeZone, now);
  const to = addCalendarDays(from, bookingHorizonDays);
  const rules = await db
    .select({ weekday: availabilityRules.weekday, startMinute: availabilityRules.startMinute, endMinute: availabilityRules.endMinute })
    .from(availabilityRules)
    .where(eq(availabilityRules.detailerId, detailer.id));
  const daysOff = await db
    .select({ date: detailerDaysOff.date })
    .from(detailerDaysOff)
    .where(and(eq(detailerDaysOff.detailerId, detailer.id), sql`${detailerDaysOff.date} between ${from} and ${to}`));
  const offDates = new Set(daysOff.map((day) => day.date));
  const closedDates: string[] = [];
  for (let date = from; date <= to; date = addCalendarDays(date, 1)) {
    const hours = rules.filter((rule) => rule.weekday === weekdayOf(date));
    if (isClosedDay(hours, offDates.has(date), duration)) closedDates.push(date);
  }
  return { from, to, closedDates };
}

/** A slot's verdict with its label, from judging a whole day at once. */
export type DaySlotVerdict = SlotVerdict & { time: TimeSlotLabel };

/**
 * Every slot of `timeSlots` for one day, in slot order, against a single load of the detailer's day: searches over
 * many slots ask this once per day instead of reloading the same day for each slot through checkSlot.
 */
export async function checkDaySlots(
  db: Database,
  now: Date,
  detailer: { id: number; timeZone: string },
  date: string,
  durationMinutes: number,
  excludeBookingId?: number,
  where: SlotPlace = {},
): Promise<DaySlotVerdict[]> {
  const context = await loadSlotContext(db, detailer, date, now, excludeBookingId, where);
  return timeSlots.map((slot) => ({ ...judgeSlot(context, date, slot.label, durationMinutes, now), time: slot.label }));
}

/** The verdict for one slot, as booking and rescheduling check it before writing, with the lapsed holds to abandon. */
export async function checkSlot(
  db: Database,
  now: Date,
  detailer: { id: number; timeZone: string },
  date: string,
  time: TimeSlotLabel,
  durationMinutes: number,
  excludeBookingId?: number,
  where: SlotPlace = {},
): Promise<SlotVerdict & Pick<SlotContext, 'lapsedHoldIds'>> {
  const context = await loadSlotContext(db, detailer, date, now, excludeBookingId, where);
  return { ...judgeSlot(context, date, time, durationMinutes, now), lapsedHoldIds: context.lapsedHoldIds };
}

export const slotTakenMessage = slotRefusalMessages.taken;
export const beyondHorizonMessage = `Bookings can be made up to ${bookingHorizonDays} days ahead. Please choose an earlier date.`;
export const detailerUnavailableMessage = slotRefusalMessages.closed;

/** Validates a slot for a detailer and throws the error the page shows when it cannot be booked. */
export async function requireFreeSlot(
  db: Database,
  now: Date,
  detailer: { id: number; timeZone: string },
  input: { date: string; time: CreateBookingInput['time'] },
  durationMinutes: number,
  excludeBookingId?: number,
  where: SlotPlace = {},
) {
  if (input.date < todayFor(detailer.timeZone, now)) {
    throw badRequest('Date cannot be in the past', { date: 'Date cannot be in the past' });
  }
  if (input.date > addCalendarDays(todayFor(detailer.timeZone, now), bookingHorizonDays)) {
    throw badRequest(beyondHorizonMessage, { date: beyondHorizonMessage });
  }
  const verdict = await checkSlot(db, now, detailer, input.date, input.time, durationMinutes, excludeBookingId, where);
  if (verdict.reason === 'past') {
    throw badRequest(slotRefusalMessages.past, { time: 'That time has already passed' });
  }
  if (verdict.reason === 'closed') throw conflict(detailerUnavailableMessage);
  if (verdict.reason === 'taken') throw conflict(slotTakenMessage);
  if (verdict.reason === 'previous' || verdict.reason === 'next') throw conflict(slotRefusalMessages[verdict.reason]);
  return verdict;
}

/** Today's date in the detailer's zone, to refuse past dates. */
export function todayFor(timeZone: string, now: Date): string {
  return dateInZone(now, timeZone);
}

export { loadDetailer };
