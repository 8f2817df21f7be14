import { and, eq, inArray, lte } from 'drizzle-orm';
import { AppError, conflict, forbidden, notFound } from '@core/errors.ts';
import {
  actionNotOpenMessage,
  actionsFrom,
  IllegalTransitionError,
  moneyEffectOf,
  nextStatus,
  overdueAfterStartMinutes,
  requestAnswerBy,
  type BookingAction,
  type BookingStatus,
} from '@core/domain/booking-status.ts';
import { cancellationFeeCents } from '@core/domain/pricing.ts';
import { formatUsd } from '@core/domain/money.ts';
import type { Booking, RescheduleBookingInput } from '@core/schemas/booking.ts';
import type { AppContext } from '../context.ts';
import { isExclusionViolation } from '../db/errors.ts';
import { lapsedHold } from '../db/time-holds.ts';
import { bookingEvents, bookings } from '../db/schema.ts';
import { requireUser, type Actor } from '../identity/access.ts';
import { readPlatformSettings } from '../platform/platform-settings-service.ts';
import { loadRecord, visibleRecord, wasEverRequested, type BookingRecord, type BookingRow } from './booking-records.ts';
import { noticesFor } from './booking-notices.ts';
import { announceBookingChange } from './booking-live.ts';
import { cancellationFeeFor, getBooking, lateRescheduleFee } from './booking-queries.ts';
import { requireFreeSlot, slotTakenMessage } from './availability-service.ts';
import { placeOf, requireDriveTime } from './drive-time-check.ts';
import { notifyMany } from '../notifications/notification-service.ts';

function illegal(from: BookingStatus, action: BookingAction): AppError {
  return conflict(new IllegalTransitionError(from, action).message);
}

/**
 * One move of the graph in one transaction: UPDATE ... WHERE status = expected, so of two concurrent moves
 * only one finds the row still in its expected status; the other is told the status it now has.
 */
async function applyTransition(
  ctx: AppContext,
  now: Date,
  record: BookingRecord,
  action: BookingAction,
  actorUserId: number | null,
  changes: Partial<Pick<BookingRow, 'startsAt' | 'endsAt' | 'cancellationFeeCents'>> = {},
): Promise<void> {
  const from = record.booking.status;
  let to: BookingStatus;
  try {
    to = nextStatus(from, action);
  } catch (error) {
    if (error instanceof IllegalTransitionError) throw illegal(from, action);
    throw error;
  }
  // The job's day (the graph's time guard): refused before its opening, nothing written, told when it opens.
  const notOpen = actionNotOpenMessage(action, record.booking.startsAt, record.timeZone, now);
  if (notOpen !== null) throw conflict(notOpen);
  const { db } = ctx;
  const money = moneyEffectOf(from, action);
  const everRequested = to === 'requested' || (await wasEverRequested(db, record.booking.id));
  const moved = await ctx.transaction(async (txCtx) => {
    const tx = txCtx.db;
    // Issue 20: a moved job keeps the drive time to its neighbours, re-checked under the detailer's row lock.
    if (action === 'reschedule' && changes.startsAt && changes.endsAt) {
      await requireDriveTime(tx, { id: record.booking.detailerId }, placeOf(record.booking), changes.startsAt, changes.endsAt, {
        now,
        excludeBookingId: record.booking.id,
      });
    }
    const [updated] = await tx
      .update(bookings)
      .set({
        status: to,
        updatedAt: now,
        ...changes,
        ...(from === 'pending_payment' && to !== from ? { holdExpiresAt: null } : {}),
        ...(to === 'completed' ? { completedAt: now } : {}),
      })
      .where(and(eq(bookings.id, record.booking.id), eq(bookings.status, from)))
      .returning();
    if (!updated) return false;
    // The rooms that follow a move (proof of service, referrals, trip sharing, promo codes: decision 045) act in
    // this transaction; one that throws (Complete without its proof) rolls the whole move back.
    const move = { booking: updated, action, from, to, timeZone: record.timeZone, now };
    for (const follow of txCtx.bookingMoveFollowers) await follow(tx, move);
    await tx.insert(bookingEvents).values({
      bookingId: updated.id,
      action,
      fromStatus: from,
      toStatus: to,
      actorUserId,
      createdAt: now,
    });
    const after = { ...record, booking: updated };
    await notifyMany(
      txCtx,
      noticesFor(action, after, everRequested).map((notice) => ({ ...notice, entityId: String(updated.id) })),
    );
    announceBookingChange(txCtx, after, everRequested);
    return true;
  });
  if (!moved) {
    const [current] = await db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, record.booking.id));
    throw illegal(current?.status ?? from, action);
  }
  // Money follows the move once it is committed: the effect the graph declares, applied by the handler the
  // composition root plugged in (payments). A context bound to an outer transaction still carries the gateway.
  await ctx.onMoneyEffect(ctx, { bookingId: record.booking.id, action, effect: money, now });
}

export type DetailerAction = 'accept' | 'decline' | 'start-route' | 'start' | 'complete' | 'customer-absent';

/**
 * accept, decline, start-route, start, complete, customer-absent: the booking's detailer or an admin. Customer
 * absent (an overdue job, decision 035) charges the late-cancellation fee by the booking's own terms, as a
 * cancellation at that moment would.
 */
export async function performDetailerAction(
  ctx: AppContext,
  actor: Actor,
  now: Date,
  id: number,
  action: DetailerAction,
): Promise<Booking> {
  const user = requireUser(actor);
  const { record, relation } = await visibleRecord(ctx.db, user, id);
  if (relation === 'customer') throw forbidden('Only the detailer can do this');
  const changes = action === 'customer-absent' ? { cancellationFeeCents: cancellationFeeCents(record.booking, now) } : {};
  await applyTransition(ctx, now, record, action, user.id, changes);
  return getBooking(ctx.db, actor, now, id);
}

/**
 * POST /api/bookings/:id/report-no-show: the customer of an overdue job says the detailer never came (decision
 * 035). The booking is cancelled and the card hold released in full: nothing is charged.
 */
export async function reportNoShow(ctx: AppContext, actor: Actor, now: Date, id: number): Promise<Booking> {
  const user = requireUser(actor);
  const { record, relation } = await visibleRecord(ctx.db, user, id);
  if (relation !== 'customer') throw forbidden('Only the customer can report that the detailer did not come');
  await applyTransition(ctx, now, record, 'report-no-show', user.id);
  return getBooking(ctx.db, actor, now, id);
}

/**
 * POST /api/bookings/:id/cancel: free until the booking's own free-cancellation hours before the start, then its own
 * late cancellation fee, confirmed first: the terms it was priced with, whatever the settings say now (decision 022).
 */
export async function cancelBooking(
  ctx: AppContext,
  actor: Actor,
  now: Date,
  id: number,
  input: { confirmFee?: boolean },
): Promise<Booking> {
  const user = requireUser(actor);
  const { record, relation } = await visibleRecord(ctx.db, user, id);
  if (relation !== 'customer') throw forbidden('Only the customer can cancel this booking');
  if (!actionsFrom(record.booking.status, 'customer').includes('cancel')) throw illegal(record.booking.status, 'cancel');
  const fee = cancellationFeeFor(record.booking, now);
  if (fee > 0 && input.confirmFee !== true) {
    throw conflict(
      `Cancelling less than ${record.booking.freeCancellationHours} hours before the start costs the ${formatUsd(fee)} late cancellation fee. Confirm to cancel.`,
    );
  }
  await applyTransition(ctx, now, record, 'cancel', user.id, { cancellationFeeCents: fee });
  return getBooking(ctx.db, actor, now, id);
}

export const startPassedRescheduleMessage = 'This booking’s start has passed, so it can no longer be moved.';

/** Why a move inside the late-cancellation window is refused: it names the fee a cancel costs instead. */
export function lateRescheduleMessage(freeCancellationHours: number, feeCents: number): string {
  return `Less than ${freeCancellationHours} hours before the start a booking can no longer be moved. Cancelling costs the ${formatUsd(feeCents)} late cancellation fee.`;
}

/**
 * POST /api/bookings/:id/reschedule: the customer moves the booking to another free slot of the same detailer.
 * Not once the start has passed, nor inside the late-cancellation window: a booking moved out of its window could
 * then be cancelled free, dodging the fee. Rain (weatherReschedule) moves it free whatever the window: it passes
 * `lateWindowAllowed`.
 */
export async function rescheduleBooking(
  ctx: AppContext,
  actor: Actor,
  now: Date,
  id: number,
  input: RescheduleBookingInput,
  { lateWindowAllowed = false }: { lateWindowAllowed?: boolean } = {},
): Promise<Booking> {
  const user = requireUser(actor);
  const { record, relation } = await visibleRecord(ctx.db, user, id);
  if (relation !== 'customer') throw forbidden('Only the customer can reschedule this booking');
  if (!actionsFrom(record.booking.status, 'customer').includes('reschedule')) {
    throw illegal(record.booking.status, 'reschedule');
  }
  if (record.booking.startsAt.getTime() <= now.getTime()) throw conflict(startPassedRescheduleMessage);
  const fee = lateRescheduleFee(record.booking, now);
  if (fee > 0 && !lateWindowAllowed) throw conflict(lateRescheduleMessage(record.booking.freeCancellationHours, fee));
  const detailer = { id: record.booking.detailerId, timeZone: record.timeZone };
  const duration = Math.round((record.booking.endsAt.getTime() - record.booking.startsAt.getTime()) / 60_000);
  await abandonLapsedHolds(ctx, now, detailer.id);
  const verdict = await requireFreeSlot(ctx.db, now, detailer, input, duration, id, {
    place: placeOf(record.booking),
    router: ctx.router,
  });
  try {
    await applyTransition(ctx, now, record, 'reschedule', user.id, { startsAt: verdict.startsAt, endsAt: verdict.endsAt });
  } catch (error) {
    if (isExclusionViolation(error)) throw conflict(slotTakenMessage);
    throw error;
  }
  return getBooking(ctx.db, actor, now, id);
}

/**
 * The system move pending_payment -> requested once the card is authorized (the Payments issue calls it;
 * tests call it directly). Notifies the detailer of the new request. A detailer who takes instant bookings
 * (decision 035) has it accepted at once, requested -> accepted by the system, in the same transaction as the
 * payment when the caller holds one: the customer is never told 'requested' for a promise already made.
 */
export async function markAuthorized(ctx: AppContext, bookingId: number, now: Date = new Date()): Promise<void> {
  const record = await loadRecord(ctx.db, bookingId);
  if (!record) throw notFound('Booking not found');
  await applyTransition(ctx, now, record, 'authorize', null);
  if (!record.instantBooking) return;
  const requested = { ...record, booking: { ...record.booking, status: 'requested' as const, holdExpiresAt: null } };
  await applyTransition(ctx, now, requested, 'instant-accept', null);
}

/** System moves (expiry, cancellation), one booking at a time so that each is its own conditional transition. */
async function runSystemMoves(
  ctx: AppContext,
  now: Date,
  ids: number[],
  action: 'abandon' | 'expire' | 'cancel' | 'mark-overdue',
): Promise<number> {
  let moved = 0;
  for (const id of ids) {
    const record = await loadRecord(ctx.db, id);
    if (!record) continue;
    try {
      await applyTransition(ctx, now, record, action, null);
      moved++;
    } catch (error) {
      // Someone else moved it first (paid, accepted, cancelled): nothing to do.
      if (error instanceof AppError && error.code === 'conflict') continue;
      throw error;
    }
  }
  return moved;
}

/** Holds whose 15 minutes have passed become abandoned (for one detailer, or all). */
export async function abandonLapsedHolds(ctx: AppContext, now: Date, detailerId?: number): Promise<number> {
  const lapsed = await ctx.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(lapsedHold(now), detailerId === undefined ? undefined : eq(bookings.detailerId, detailerId)));
  return abandonHolds(
    ctx,
    now,
    lapsed.map((r) => r.id),
  );
}

/** These lapsed holds become abandoned (a booking frees the ones its day's read found); none costs nothing. */
export function abandonHolds(ctx: AppContext, now: Date, ids: number[]): Promise<number> {
  return runSystemMoves(ctx, now, ids, 'abandon');
}

/**
 * Requests not answered by their answer-by time become expired: requestAnswerBy with the settings read once per
 * pass, the same function the dashboard and the customer's confirmation show (so no second copy of the rule in SQL).
 */
export async function expireStaleRequests(ctx: AppContext, now: Date): Promise<number> {
  const settings = await readPlatformSettings(ctx.db);
  const requested = await ctx.db
    .select({ id: bookings.id, createdAt: bookings.createdAt, startsAt: bookings.startsAt })
    .from(bookings)
    .where(eq(bookings.status, 'requested'));
  const stale = requested.filter((booking) => requestAnswerBy(booking, settings).getTime() <= now.getTime());
  return runSystemMoves(
    ctx,
    now,
    stale.map((r) => r.id),
    'expire',
  );
}

/**
 * Jobs accepted (or on the way) and still not started an hour after their time fall overdue (decision 035): off
 * 'Today', On my way gone, and each side offered its no-show path. The graph's time guard refuses it any earlier.
 */
export async function markOverdueJobs(ctx: AppContext, now: Date): Promise<number> {
  const late = await ctx.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        inArray(bookings.status, ['accepted', 'en_route']),
        lte(bookings.startsAt, new Date(now.getTime() - overdueAfterStartMinutes * 60_000)),
      ),
    );
  return runSystemMoves(
    ctx,
    now,
    late.map((r) => r.id),
    'mark-overdue',
  );
}

/**
 * Cancels bookings free, as the platform (no user is the actor), each as its own conditional move: one a person moved
 * first is left as it is. Answers the ids it cancelled. For covered visits past their membership's end (visit scheduler).
 */
export async function cancelAsPlatform(ctx: AppContext, now: Date, ids: number[]): Promise<number[]> {
  const cancelled: number[] = [];
  for (const id of ids) {
    if ((await runSystemMoves(ctx, now, [id], 'cancel')) === 1) cancelled.push(id);
  }
  return cancelled;
}
