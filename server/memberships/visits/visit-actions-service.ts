import { and, eq } from 'drizzle-orm';
import { badRequest, conflict } from '@core/errors.ts';
import { endedWithoutWorkStatuses, statusIn, upcomingStatuses, type BookingStatus } from '@core/domain/booking-status.ts';
import { type VisitRhythm } from '@core/domain/membership-visits.ts';
import type { ConfirmVisitInput, MoveVisitInput, SkipVisitInput, VisitSchedule } from '@core/schemas/membership-visits.ts';
import type { AppContext } from '../../context.ts';
import { bookings, membershipSchedules, membershipVisits } from '../../db/schema.ts';
import type { Actor } from '../../identity/access.ts';
import { cancelBooking, rescheduleBooking } from '../../bookings/booking-transitions.ts';
import { getVisitSchedule, ownMembership } from './visit-rhythm-service.ts';
import { addCalendarDays } from '@core/domain/business-weeks.ts';

export const notAVisitDateMessage = 'That date is not one of your visits';
export const notBookedYetMessage = 'This visit is not booked yet: you can move it once it is booked, 7 days ahead';
export const alreadySkippedMessage = 'This visit is already skipped';
export const nothingToConfirmMessage = 'This visit has nothing to confirm';

// A skip or decline still has to cancel an upcoming booking; one that ended without the work no longer counts, so
// skipping or declining its visit changes nothing; any other has taken place (or the job is under way).

export const visitTookPlaceMessage = 'This visit has already taken place, so it cannot be skipped or declined';

/**
 * A visit whose job is under way or done keeps counting against the month: marked skipped or unfilled, it would give
 * its visit back and the scheduler would book another covered one in the same period.
 */
function refuseIfTakingPlace(bookingStatus: BookingStatus | null): void {
  if (bookingStatus !== null && !statusIn(upcomingStatuses, bookingStatus) && !statusIn(endedWithoutWorkStatuses, bookingStatus)) {
    throw conflict(visitTookPlaceMessage);
  }
}

async function loadVisit(ctx: AppContext, membershipId: number, dueOn: string) {
  const [row] = await ctx.db
    .select({ visit: membershipVisits, bookingStatus: bookings.status })
    .from(membershipVisits)
    .leftJoin(bookings, eq(bookings.id, membershipVisits.bookingId))
    .where(and(eq(membershipVisits.membershipId, membershipId), eq(membershipVisits.dueOn, dueOn)));
  return row;
}

/** Whether `dueOn` is a date of the rhythm still to come (the scheduler has not reached it). */
async function isPlannedDate(ctx: AppContext, membershipId: number, dueOn: string): Promise<boolean> {
  const [schedule] = await ctx.db.select().from(membershipSchedules).where(eq(membershipSchedules.membershipId, membershipId));
  if (!schedule || dueOn < schedule.nextVisitOn) return false;
  for (let date = schedule.nextVisitOn; date <= dueOn; date = addCalendarDays(date, (schedule.everyWeeks as VisitRhythm) * 7)) {
    if (date === dueOn) return true;
  }
  return false;
}

/**
 * POST /api/memberships/:id/visits/skip: one visit is skipped, the rhythm keeps its dates. A booked visit's booking is
 * cancelled free (a covered visit keeps no late fee); a date still to come is marked so the scheduler passes it by.
 */
export async function skipVisit(
  ctx: AppContext,
  actor: Actor,
  now: Date,
  membershipId: number,
  input: SkipVisitInput,
): Promise<VisitSchedule> {
  const { membership } = await ownMembership(ctx.db, actor, membershipId);
  const found = await loadVisit(ctx, membership.id, input.dueOn);
  if (!found) {
    if (!(await isPlannedDate(ctx, membership.id, input.dueOn))) throw badRequest(notAVisitDateMessage, { dueOn: notAVisitDateMessage });
    const [inserted] = await ctx.db
      .insert(membershipVisits)
      .values({ membershipId: membership.id, dueOn: input.dueOn, status: 'skipped', createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: membershipVisits.id });
    // The scheduler booked it in the meantime: skip what it booked.
    if (!inserted) return skipVisit(ctx, actor, now, membershipId, input);
    return getVisitSchedule(ctx, actor, now, membershipId);
  }
  if (found.visit.status === 'skipped') throw conflict(alreadySkippedMessage);
  refuseIfTakingPlace(found.bookingStatus);
  if (found.visit.bookingId !== null && found.bookingStatus && statusIn(upcomingStatuses, found.bookingStatus)) {
    await cancelBooking(ctx, actor, now, found.visit.bookingId, {});
  }
  await ctx.db.update(membershipVisits).set({ status: 'skipped', updatedAt: now }).where(eq(membershipVisits.id, found.visit.id));
  return getVisitSchedule(ctx, actor, now, membershipId);
}

/**
 * POST /api/memberships/:id/visits/move: the booked visit goes to another free slot of the same detailer through the
 * booking's own reschedule (its free-slot and drive-time rules); the rhythm's dates stay as they are.
 */
export async function moveVisit(
  ctx: AppContext,
  actor: Actor,
  now: Date,
  membershipId: number,
  input: MoveVisitInput,
): Promise<VisitSchedule> {
  const { membership } = await ownMembership(ctx.db, actor, membershipId);
  const found = await loadVisit(ctx, membership.id, input.dueOn);
  if (!found) {
    if (await isPlannedDate(ctx, membership.id, input.dueOn)) throw conflict(notBookedYetMessage);
    throw badRequest(notAVisitDateMessage, { dueOn: notAVisitDateMessage });
  }
  if (found.visit.bookingId === null || !found.bookingStatus || !statusIn(upcomingStatuses, found.bookingStatus)) {
    throw conflict('Only a booked visit can be moved');
  }
  await rescheduleBooking(ctx, actor, now, found.visit.bookingId, { date: input.date, time: input.time });
  // Choosing the time is confirming it.
  await ctx.db.update(membershipVisits).set({ status: 'booked', updatedAt: now }).where(eq(membershipVisits.id, found.visit.id));
  return getVisitSchedule(ctx, actor, now, membershipId);
}

/** POST /api/memberships/:id/visits/confirm: the nearest alternative stands (accept) or is cancelled free (decline). */
export async function confirmVisit(
  ctx: AppContext,
  actor: Actor,
  now: Date,
  membershipId: number,
  input: ConfirmVisitInput,
): Promise<VisitSchedule> {
  const { membership } = await ownMembership(ctx.db, actor, membershipId);
  const found = await loadVisit(ctx, membership.id, input.dueOn);
  if (!found || found.visit.status !== 'needs_confirmation') throw conflict(nothingToConfirmMessage);
  if (!input.accept) refuseIfTakingPlace(found.bookingStatus);
  if (input.accept) {
    await ctx.db
      .update(membershipVisits)
      .set({ status: 'booked', updatedAt: now })
      .where(and(eq(membershipVisits.id, found.visit.id), eq(membershipVisits.status, 'needs_confirmation')));
    return getVisitSchedule(ctx, actor, now, membershipId);
  }
  if (found.visit.bookingId !== null && found.bookingStatus && statusIn(upcomingStatuses, found.bookingStatus)) {
    await cancelBooking(ctx, actor, now, found.visit.bookingId, {});
  }
  await ctx.db.update(membershipVisits).set({ status: 'unfilled', updatedAt: now }).where(eq(membershipVisits.id, found.visit.id));
  return getVisitSchedule(ctx, actor, now, membershipId);
}
