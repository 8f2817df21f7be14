import { and, asc, desc, eq, exists, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError, badRequest, conflict, forbidden, notFound } from '@core/errors.ts';
import {
  actionsFrom,
  freeCancellationHours,
  holdMinutes,
  IllegalTransitionError,
  nextStatus,
  requestTimeoutHours,
  userBookingActions,
  type BookingAction,
  type BookingStatus,
  type UserBookingAction,
} from '@core/domain/booking-status.ts';
import { bookingPrice } from '@core/domain/pricing.ts';
import { centsToDollars, formatUsd } from '@core/domain/money.ts';
import { dateInZone, timeSlots, wallClockAt } from '@core/domain/time-slots.ts';
import type { Booking, CreateBookingInput, RescheduleBookingInput } from '@core/schemas/booking.ts';
import type { Database } from '../db/client.ts';
import { isExclusionViolation } from '../db/errors.ts';
import { bookingEvents, bookings, detailers, services, users } from '../db/schema.ts';
import { requireRole, requireUser, type Actor } from './access.ts';
import { checkSlot, loadDetailer, offeredServiceDuration, todayFor } from './availability-service.ts';
import { notify, type NotificationType } from './notification-service.ts';
import { onBookingTransition } from './payment-service.ts';
import type { UserRow } from './user-service.ts';

export const slotTakenMessage = 'That time slot was just taken. Please choose another time.';
export const detailerUnavailableMessage = 'The detailer is not available at that time. Please choose another time.';

type BookingRow = typeof bookings.$inferSelect;
type BookingRecord = {
  booking: BookingRow;
  serviceName: string;
  detailerBusinessName: string;
  detailerUserId: number;
  timeZone: string;
  customerName: string;
};
type Relation = 'customer' | 'detailer' | 'admin';

const customerUsers = alias(users, 'customer_user');

function selectRecords(db: Database) {
  return db
    .select({
      booking: bookings,
      serviceName: services.name,
      detailerBusinessName: detailers.businessName,
      detailerUserId: detailers.userId,
      timeZone: detailers.timeZone,
      customerName: customerUsers.name,
    })
    .from(bookings)
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .innerJoin(detailers, eq(detailers.id, bookings.detailerId))
    .innerJoin(customerUsers, eq(customerUsers.id, bookings.customerId));
}

async function loadRecord(db: Database, id: number): Promise<BookingRecord | undefined> {
  const [row] = await selectRecords(db).where(eq(bookings.id, id));
  return row;
}

/** The detailer learns of a booking once it is requested (paid): before that it is only the customer's hold. */
function detailerSees(status: BookingStatus, everRequested: boolean): boolean {
  return everRequested || !['pending_payment', 'abandoned', 'cancelled'].includes(status);
}

const everRequestedSql = exists(
  sql`(select 1 from ${bookingEvents} where ${bookingEvents.bookingId} = ${bookings.id} and ${bookingEvents.toStatus} = 'requested')`,
);

async function wasEverRequested(db: Database, bookingId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: bookingEvents.id })
    .from(bookingEvents)
    .where(and(eq(bookingEvents.bookingId, bookingId), eq(bookingEvents.toStatus, 'requested')))
    .limit(1);
  return row !== undefined;
}

async function relationTo(db: Database, record: BookingRecord, user: UserRow): Promise<Relation | null> {
  if (record.booking.customerId === user.id) return 'customer';
  if (record.detailerUserId === user.id) {
    const visible = detailerSees(record.booking.status, await wasEverRequested(db, record.booking.id));
    return visible ? 'detailer' : null;
  }
  if (user.role === 'admin') return 'admin';
  return null;
}

/** Loads a booking the user may see; anyone else gets the same 404 as for a booking that does not exist. */
async function visibleRecord(db: Database, user: UserRow, id: number) {
  const record = await loadRecord(db, id);
  const relation = record ? await relationTo(db, record, user) : null;
  if (!record || !relation) throw notFound('Booking not found');
  return { record, relation };
}

export function cancellationFeeFor(booking: Pick<BookingRow, 'status' | 'startsAt' | 'serviceFeeCents'>, now: Date): number {
  if (!actionsFrom(booking.status, 'customer').includes('cancel')) return 0;
  const freeUntil = booking.startsAt.getTime() - freeCancellationHours * 3_600_000;
  return now.getTime() < freeUntil ? 0 : booking.serviceFeeCents;
}

function slotLabel(startsAt: Date, timeZone: string): string {
  const wall = wallClockAt(startsAt, timeZone);
  const minute = wall.hour * 60 + wall.minute;
  const slot = timeSlots.find((s) => s.minuteOfDay === minute);
  if (slot) return slot.label;
  const hour12 = wall.hour % 12 === 0 ? 12 : wall.hour % 12;
  return `${hour12}:${String(wall.minute).padStart(2, '0')} ${wall.hour < 12 ? 'AM' : 'PM'}`;
}

function whenText(startsAt: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric' }).format(startsAt);
  return `${day} at ${slotLabel(startsAt, timeZone)}`;
}

function allowedActionsFor(relation: Relation, booking: BookingRow, now: Date): UserBookingAction[] {
  const by = relation === 'customer' ? 'customer' : 'detailer';
  const startPassed = booking.startsAt.getTime() <= now.getTime();
  return actionsFrom(booking.status, by).filter((action): action is UserBookingAction => {
    if (!(userBookingActions as readonly string[]).includes(action)) return false;
    // Moving a booking whose start has passed makes no sense; cancelling it still can (with the fee).
    if (action === 'reschedule' && startPassed) return false;
    return true;
  });
}

async function toBooking(db: Database, record: BookingRecord, relation: Relation, now: Date): Promise<Booking> {
  const b = record.booking;
  const events = await db
    .select({ status: bookingEvents.toStatus, action: bookingEvents.action, at: bookingEvents.createdAt })
    .from(bookingEvents)
    .where(eq(bookingEvents.bookingId, b.id))
    .orderBy(asc(bookingEvents.id));
  return {
    id: b.id,
    status: b.status,
    detailerId: b.detailerId,
    serviceId: b.serviceId,
    customerId: b.customerId,
    serviceName: record.serviceName,
    detailerBusinessName: record.detailerBusinessName,
    startsAt: b.startsAt.toISOString(),
    endsAt: b.endsAt.toISOString(),
    date: dateInZone(b.startsAt, record.timeZone),
    time: slotLabel(b.startsAt, record.timeZone),
    timeZone: record.timeZone,
    vehicleType: b.vehicleType,
    notes: b.notes,
    address: b.address,
    apt: b.apt,
    city: b.city,
    zip: b.zip,
    price: centsToDollars(b.priceCents),
    serviceFee: centsToDollars(b.serviceFeeCents),
    tax: centsToDollars(b.taxCents),
    total: centsToDollars(b.totalCents),
    priceCents: b.priceCents,
    serviceFeeCents: b.serviceFeeCents,
    taxCents: b.taxCents,
    totalCents: b.totalCents,
    holdExpiresAt: b.holdExpiresAt?.toISOString() ?? null,
    createdAt: b.createdAt.toISOString(),
    allowedActions: allowedActionsFor(relation, b, now),
    cancellationFeeCents: relation === 'customer' || relation === 'admin' ? cancellationFeeFor(b, now) : 0,
    timeline: events.map((e) => ({ status: e.status, action: e.action, at: e.at.toISOString() })),
  };
}

function illegal(from: BookingStatus, action: BookingAction): AppError {
  return conflict(new IllegalTransitionError(from, action).message);
}

/** Validates a slot for a detailer and throws the error the page shows when it cannot be booked. */
async function requireFreeSlot(
  db: Database,
  now: Date,
  detailer: { id: number; timeZone: string },
  input: { date: string; time: CreateBookingInput['time'] },
  durationMinutes: number,
  excludeBookingId?: number,
) {
  if (input.date < todayFor(detailer.timeZone, now)) {
    throw badRequest('Date cannot be in the past', { date: 'Date cannot be in the past' });
  }
  const verdict = await checkSlot(db, now, detailer, input.date, input.time, durationMinutes, excludeBookingId);
  if (verdict.reason === 'past') {
    throw badRequest('That time has already passed. Please choose another time.', { time: 'That time has already passed' });
  }
  if (verdict.reason === 'closed') throw conflict(detailerUnavailableMessage);
  if (verdict.reason === 'taken') throw conflict(slotTakenMessage);
  return verdict;
}

/** POST /api/bookings: holds the slot as pending_payment for 15 minutes. Amounts come from the catalog only. */
export async function createBooking(db: Database, actor: Actor, now: Date, input: CreateBookingInput): Promise<Booking> {
  const customer = requireRole(actor, 'customer');
  const detailer = await loadDetailer(db, input.detailerId);
  const duration = await offeredServiceDuration(db, detailer.id, input.serviceId);
  const [service] = await db.select({ priceCents: services.priceCents }).from(services).where(eq(services.id, input.serviceId));
  // Lapsed holds still sit in the exclusion constraint until the job abandons them: free this detailer's now.
  await abandonLapsedHolds(db, now, detailer.id);
  const verdict = await requireFreeSlot(db, now, detailer, input, duration);
  const price = bookingPrice(service!.priceCents);
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(bookings)
        .values({
          customerId: customer.id,
          detailerId: detailer.id,
          serviceId: input.serviceId,
          status: 'pending_payment',
          startsAt: verdict.startsAt,
          endsAt: verdict.endsAt,
          vehicleType: input.vehicleType,
          notes: input.notes ?? null,
          address: input.address,
          apt: input.apt ?? null,
          city: input.city,
          zip: input.zip,
          ...price,
          holdExpiresAt: new Date(now.getTime() + holdMinutes * 60_000),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: bookings.id });
      await tx.insert(bookingEvents).values({
        bookingId: row!.id,
        action: 'create',
        fromStatus: null,
        toStatus: 'pending_payment',
        actorUserId: customer.id,
        createdAt: now,
      });
      return row!.id;
    });
  } catch (error) {
    // The database decides races: of two requests for one slot, exactly one insert survives.
    if (isExclusionViolation(error)) throw conflict(slotTakenMessage);
    throw error;
  }
  return toBooking(db, (await loadRecord(db, id))!, 'customer', now);
}

export async function listBookings(db: Database, actor: Actor, now: Date, query: { status?: BookingStatus }): Promise<Booking[]> {
  const user = requireUser(actor);
  const conditions: (SQL | undefined)[] = [query.status ? eq(bookings.status, query.status) : undefined];
  if (user.role !== 'admin') {
    conditions.push(
      or(
        eq(bookings.customerId, user.id),
        and(
          eq(detailers.userId, user.id),
          or(notInArray(bookings.status, ['pending_payment', 'abandoned', 'cancelled']), everRequestedSql),
        ),
      ),
    );
  }
  const rows = await selectRecords(db)
    .where(and(...conditions))
    .orderBy(desc(bookings.startsAt), desc(bookings.id));
  return Promise.all(
    rows.map((record) => {
      const relation: Relation =
        record.booking.customerId === user.id ? 'customer' : record.detailerUserId === user.id ? 'detailer' : 'admin';
      return toBooking(db, record, relation, now);
    }),
  );
}

export async function getBooking(db: Database, actor: Actor, now: Date, id: number): Promise<Booking> {
  const user = requireUser(actor);
  const { record, relation } = await visibleRecord(db, user, id);
  return toBooking(db, record, relation, now);
}

type Notice = { userId: number; type: NotificationType; title: string; message: string };

/** Who hears about a move and what they read. */
function noticesFor(action: BookingAction, record: BookingRecord, everRequested: boolean): Notice[] {
  const when = whenText(record.booking.startsAt, record.timeZone);
  const service = record.serviceName;
  const business = record.detailerBusinessName;
  const toCustomer = (type: NotificationType, title: string, message: string): Notice => ({
    userId: record.booking.customerId,
    type,
    title,
    message,
  });
  const toDetailer = (type: NotificationType, title: string, message: string): Notice => ({
    userId: record.detailerUserId,
    type,
    title,
    message,
  });
  switch (action) {
    case 'authorize':
      return [toDetailer('booking_request', 'New booking request', `${record.customerName} requested ${service} on ${when}.`)];
    case 'accept':
      return [toCustomer('booking_update', 'Booking accepted', `${business} accepted your ${service} on ${when}.`)];
    case 'decline':
      return [toCustomer('booking_update', 'Booking declined', `${business} declined your ${service} on ${when}.`)];
    case 'start-route':
      return [toCustomer('service_update', 'Your detailer is on the way', `${business} is on the way for your ${service}.`)];
    case 'start':
      return [toCustomer('service_update', 'Service started', `${business} started your ${service}.`)];
    case 'complete':
      return [toCustomer('service_complete', 'Service complete', `${business} completed your ${service}.`)];
    case 'cancel':
      return everRequested
        ? [toDetailer('booking_update', 'Booking cancelled', `${record.customerName} cancelled ${service} on ${when}.`)]
        : [];
    case 'reschedule':
      return everRequested
        ? [toDetailer('booking_update', 'Booking rescheduled', `${record.customerName} moved ${service} to ${when}.`)]
        : [];
    case 'abandon':
      return [
        toCustomer('booking_update', 'Booking hold expired', `Payment for ${service} on ${when} was not completed in time, so the slot was released.`),
      ];
    case 'expire':
      return [
        toCustomer('booking_update', 'Booking request expired', `${business} did not answer your request for ${service} on ${when} in time.`),
        toDetailer('booking_update', 'Booking request expired', `The request from ${record.customerName} for ${service} on ${when} expired.`),
      ];
    default: {
      const unreachable: never = action;
      throw new Error(`Unknown action ${String(unreachable)}`);
    }
  }
}

/**
 * One move of the graph in one transaction: UPDATE ... WHERE status = expected, so of two concurrent moves
 * only one finds the row still in its expected status; the other is told the status it now has.
 */
async function applyTransition(
  db: Database,
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
  const everRequested = to === 'requested' || (await wasEverRequested(db, record.booking.id));
  const moved = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(bookings)
      .set({ status: to, updatedAt: now, ...changes, ...(from === 'pending_payment' && to !== from ? { holdExpiresAt: null } : {}) })
      .where(and(eq(bookings.id, record.booking.id), eq(bookings.status, from)))
      .returning();
    if (!updated) return false;
    await tx.insert(bookingEvents).values({
      bookingId: updated.id,
      action,
      fromStatus: from,
      toStatus: to,
      actorUserId,
      createdAt: now,
    });
    const after = { ...record, booking: updated };
    for (const notice of noticesFor(action, after, everRequested)) {
      await notify(tx, { ...notice, entityId: String(updated.id) });
    }
    return true;
  });
  if (!moved) {
    const [current] = await db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, record.booking.id));
    throw illegal(current?.status ?? from, action);
  }
  // Money follows the move once it is committed: capture, release or the late-cancellation fee (payment-service).
  await onBookingTransition(db, record.booking.id, action, now);
}

export type DetailerAction = 'accept' | 'decline' | 'start-route' | 'start' | 'complete';

/** accept, decline, start-route, start, complete: the booking's detailer or an admin. */
export async function performDetailerAction(
  db: Database,
  actor: Actor,
  now: Date,
  id: number,
  action: DetailerAction,
): Promise<Booking> {
  const user = requireUser(actor);
  const { record, relation } = await visibleRecord(db, user, id);
  if (relation === 'customer') throw forbidden('Only the detailer can do this');
  await applyTransition(db, now, record, action, user.id);
  return getBooking(db, actor, now, id);
}

/** POST /api/bookings/:id/cancel: free until 24 hours before the start, then the service fee, confirmed first. */
export async function cancelBooking(
  db: Database,
  actor: Actor,
  now: Date,
  id: number,
  input: { confirmFee?: boolean },
): Promise<Booking> {
  const user = requireUser(actor);
  const { record, relation } = await visibleRecord(db, user, id);
  if (relation !== 'customer') throw forbidden('Only the customer can cancel this booking');
  if (!actionsFrom(record.booking.status, 'customer').includes('cancel')) throw illegal(record.booking.status, 'cancel');
  const fee = cancellationFeeFor(record.booking, now);
  if (fee > 0 && input.confirmFee !== true) {
    throw conflict(
      `Cancelling less than ${freeCancellationHours} hours before the start costs the ${formatUsd(fee)} service fee. Confirm to cancel.`,
    );
  }
  await applyTransition(db, now, record, 'cancel', user.id, { cancellationFeeCents: fee });
  return getBooking(db, actor, now, id);
}

/** POST /api/bookings/:id/reschedule: the customer moves the booking to another free slot of the same detailer. */
export async function rescheduleBooking(
  db: Database,
  actor: Actor,
  now: Date,
  id: number,
  input: RescheduleBookingInput,
): Promise<Booking> {
  const user = requireUser(actor);
  const { record, relation } = await visibleRecord(db, user, id);
  if (relation !== 'customer') throw forbidden('Only the customer can reschedule this booking');
  if (!actionsFrom(record.booking.status, 'customer').includes('reschedule')) {
    throw illegal(record.booking.status, 'reschedule');
  }
  const detailer = { id: record.booking.detailerId, timeZone: record.timeZone };
  const duration = Math.round((record.booking.endsAt.getTime() - record.booking.startsAt.getTime()) / 60_000);
  await abandonLapsedHolds(db, now, detailer.id);
  const verdict = await requireFreeSlot(db, now, detailer, input, duration, id);
  try {
    await applyTransition(db, now, record, 'reschedule', user.id, { startsAt: verdict.startsAt, endsAt: verdict.endsAt });
  } catch (error) {
    if (isExclusionViolation(error)) throw conflict(slotTakenMessage);
    throw error;
  }
  return getBooking(db, actor, now, id);
}

/**
 * The system move pending_payment -> requested once the card is authorized (the Payments issue calls it;
 * tests call it directly). Notifies the detailer of the new request.
 */
export async function markAuthorized(db: Database, bookingId: number, now: Date = new Date()): Promise<void> {
  const record = await loadRecord(db, bookingId);
  if (!record) throw notFound('Booking not found');
  await applyTransition(db, now, record, 'authorize', null);
}

/** System moves of the expiry job, one booking at a time so that each is its own conditional transition. */
async function runSystemMoves(db: Database, now: Date, ids: number[], action: 'abandon' | 'expire'): Promise<number> {
  let moved = 0;
  for (const id of ids) {
    const record = await loadRecord(db, id);
    if (!record) continue;
    try {
      await applyTransition(db, now, record, action, null);
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
export async function abandonLapsedHolds(db: Database, now: Date, detailerId?: number): Promise<number> {
  const lapsed = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'pending_payment'),
        lte(bookings.holdExpiresAt, now),
        detailerId === undefined ? undefined : eq(bookings.detailerId, detailerId),
      ),
    );
  return runSystemMoves(db, now, lapsed.map((r) => r.id), 'abandon');
}

/** Requests not accepted within 12 hours of their creation, or by their start, become expired. */
export async function expireStaleRequests(db: Database, now: Date): Promise<number> {
  const deadline = new Date(now.getTime() - requestTimeoutHours * 3_600_000);
  const stale = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.status, 'requested'), or(lte(bookings.createdAt, deadline), lte(bookings.startsAt, now))));
  return runSystemMoves(db, now, stale.map((r) => r.id), 'expire');
}
