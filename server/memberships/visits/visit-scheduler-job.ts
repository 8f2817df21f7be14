import { upcomingStatuses } from '@core/domain/booking-status.ts';
import type { FastifyInstance } from 'fastify';
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import { catchUp, isDueForBooking, visitBookingLeadDays, type VisitRhythm } from '@core/domain/membership-visits.ts';
import { dateInZone } from '@core/domain/time-slots.ts';
import type { TimeWindow } from '@core/domain/time-windows.ts';
import type { AppContext } from '../../context.ts';
import {
  bookings,
  detailers,
  membershipPlans,
  memberships,
  membershipSchedules,
  membershipVisits,
  savedAddresses,
  vehicles,
} from '../../db/schema.ts';
import { cancelAsPlatform } from '../../bookings/booking-transitions.ts';
import { notify } from '../../notifications/notification-service.ts';
import { isExclusionViolation } from '../../db/errors.ts';
import { AppError } from '@core/errors.ts';
import { startIntervalJob } from '../../jobs/interval-job.ts';
import { locateZipOrRefuse } from '../../geo/geocoder.ts';
import { bookVisit, type ScheduleRow, type VisitOutcome, type VisitPlan } from './visit-booking.ts';
import { findVisitSlot } from './visit-slots.ts';
import { addCalendarDays } from '@core/domain/business-weeks.ts';

export const visitSchedulerIntervalMs = 60_000;

export type VisitPassResult = Record<VisitOutcome | 'retry' | 'cancelled_after_end', number>;

/** Where the visit happens: the saved place's own coordinates, else its ZIP located (an unknown ZIP: nowhere). */
async function placeOf(ctx: AppContext, address: typeof savedAddresses.$inferSelect | undefined) {
  if (!address) return null;
  if (address.latitude !== null && address.longitude !== null) return { latitude: address.latitude, longitude: address.longitude };
  try {
    return await locateZipOrRefuse(ctx.geocoder, address.zip);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/** Everything a visit needs read before the transaction: the slot search asks the availability service (and routing). */
async function planVisit(
  ctx: AppContext,
  now: Date,
  schedule: ScheduleRow,
  customerId: number,
  today: string,
  dueOn: string,
): Promise<VisitPlan> {
  const [address] =
    schedule.savedAddressId === null
      ? []
      : await ctx.db
          .select()
          .from(savedAddresses)
          .where(and(eq(savedAddresses.id, schedule.savedAddressId), eq(savedAddresses.customerId, customerId)));
  const [car] =
    schedule.vehicleId === null
      ? []
      : await ctx.db
          .select({ vehicleType: vehicles.vehicleType })
          .from(vehicles)
          .where(and(eq(vehicles.id, schedule.vehicleId), eq(vehicles.customerId, customerId)));
  const place = await placeOf(ctx, address);
  const wanted = {
    detailerId: schedule.detailerId,
    serviceId: schedule.serviceId,
    dueOn,
    timeWindow: schedule.timeWindow as TimeWindow,
    today,
    place: place!,
  };
  const slot = place && car ? await findVisitSlot(ctx, now, wanted) : null;
  return { schedule, dueOn, customerId, vehicleType: car?.vehicleType ?? null, address: address ?? null, place, slot };
}

export const visitCancelledTitle = 'Visit cancelled';

/**
 * Covered visits booked for after a membership's end are cancelled, free, and the member told. The scheduler books 7
 * days ahead, so a visit of the next period may be booked before the member sets the membership to end or its renewal
 * finally fails; Glossly would otherwise pay a detailer for a visit nobody paid for. Visits inside the paid period stay.
 */
export async function cancelVisitsAfterMembershipEnd(ctx: AppContext, now: Date): Promise<number> {
  const after = await ctx.db
    .select({ bookingId: bookings.id, visitId: membershipVisits.id, dueOn: membershipVisits.dueOn, customerId: memberships.customerId })
    .from(membershipVisits)
    .innerJoin(memberships, eq(memberships.id, membershipVisits.membershipId))
    .innerJoin(bookings, eq(bookings.id, membershipVisits.bookingId))
    .where(
      and(
        eq(memberships.status, 'canceled'),
        inArray(bookings.status, [...upcomingStatuses]),
        gte(bookings.startsAt, memberships.currentPeriodEnd),
      ),
    );
  const cancelled = new Set(
    await cancelAsPlatform(
      ctx,
      now,
      after.map((row) => row.bookingId),
    ),
  );
  for (const visit of after.filter((row) => cancelled.has(row.bookingId))) {
    await ctx.db.update(membershipVisits).set({ status: 'skipped', updatedAt: now }).where(eq(membershipVisits.id, visit.visitId));
    await notify(ctx, {
      userId: visit.customerId,
      type: 'booking_update',
      entityId: String(visit.bookingId),
      title: visitCancelledTitle,
      message: `Your membership has ended, so your covered visit of ${visit.dueOn} was cancelled. Book it yourself to keep the time.`,
    });
  }
  return cancelled.size;
}

/**
 * One pass: covered visits past a membership's end are cancelled first; then every active membership whose rhythm's next visit is at most 7 days away gets that visit booked (or
 * marked unfilled), and its rhythm moves on. Safe on any number of instances and overlapping passes: the visit row's
 * unique (membership, due date) lets one pass book it. A slot taken in the meantime rolls the visit back for the next
 * pass to try again.
 */
export async function runVisitScheduler(ctx: AppContext, now: Date): Promise<VisitPassResult> {
  const result: VisitPassResult = {
    booked: 0,
    needs_confirmation: 0,
    unfilled: 0,
    already_done: 0,
    inactive: 0,
    retry: 0,
    cancelled_after_end: 0,
  };
  result.cancelled_after_end = await cancelVisitsAfterMembershipEnd(ctx, now);
  // The detailer's zone decides "7 days ahead"; the widest zone spread is under a day, so one day more is read.
  const horizon = addCalendarDays(dateInZone(now, 'UTC'), visitBookingLeadDays + 1);
  const due = await ctx.db
    .select({
      schedule: membershipSchedules,
      customerId: memberships.customerId,
      included: membershipPlans.includedVisitsPerMonth,
      timeZone: detailers.timeZone,
    })
    .from(membershipSchedules)
    .innerJoin(memberships, eq(memberships.id, membershipSchedules.membershipId))
    .innerJoin(membershipPlans, eq(membershipPlans.id, memberships.planId))
    .innerJoin(detailers, eq(detailers.id, membershipSchedules.detailerId))
    .where(and(eq(memberships.status, 'active'), lte(membershipSchedules.nextVisitOn, horizon)));
  for (const { schedule, customerId, included, timeZone } of due) {
    const today = dateInZone(now, timeZone);
    let dueOn = schedule.nextVisitOn;
    if (dueOn <= today) {
      // Fell behind (a paused membership, a stopped app): move on to the first date ahead, book nothing in the past.
      const ahead = catchUp(dueOn, schedule.everyWeeks as VisitRhythm, today);
      const [caught] = await ctx.db
        .update(membershipSchedules)
        .set({ nextVisitOn: ahead, updatedAt: now })
        .where(and(eq(membershipSchedules.membershipId, schedule.membershipId), eq(membershipSchedules.nextVisitOn, dueOn)))
        .returning();
      // Another pass moved it first: that pass handles the date.
      if (!caught) continue;
      schedule.nextVisitOn = dueOn = ahead;
    }
    if (!isDueForBooking(dueOn, today)) continue;
    try {
      const plan = await planVisit(ctx, now, { ...schedule }, customerId, today, dueOn);
      result[await bookVisit(ctx, now, plan, included)] += 1;
    } catch (error) {
      // The slot was taken, or the drive no longer fits, between the search and the insert: the next pass tries again.
      if (isExclusionViolation(error) || (error instanceof AppError && error.code === 'conflict')) {
        result.retry += 1;
        continue;
      }
      throw error;
    }
  }
  return result;
}

/** Runs the pass every minute while the app is up. */
export function startVisitSchedulerJob(app: FastifyInstance, intervalMs = visitSchedulerIntervalMs): void {
  startIntervalJob(
    app,
    'visit scheduler',
    intervalMs,
    runVisitScheduler,
    (r) => r.booked + r.needs_confirmation + r.unfilled + r.cancelled_after_end > 0,
  );
}
