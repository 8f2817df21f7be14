import { discountSourceOf } from '@core/domain/discount.ts';
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  actionsFrom,
  requestAnswerBy,
  userBookingActions,
  type BookingStatus,
  type UserBookingAction,
} from '@core/domain/booking-status.ts';
import { centsToDollars, refundableCents } from '@core/domain/money.ts';
import { cancellationFeeCents } from '@core/domain/pricing.ts';
import { dateInZone } from '@core/domain/time-slots.ts';
import type { Booking } from '@core/schemas/booking.ts';
import type { Database } from '../db/client.ts';
import { bookingEvents, bookings, detailers, payments } from '../db/schema.ts';
import { requireUser, type Actor } from '../identity/access.ts';
import { readPlatformSettings, type PlatformSettingsRow } from '../platform/platform-settings-service.ts';
import {
  detailerSeesBookingSql,
  selectRecords,
  slotLabel,
  visibleRecord,
  type BookingRecord,
  type BookingRow,
  type Relation,
} from './booking-records.ts';

/** The fee cancelling now would cost: none when the customer can no longer cancel, else pricing's rule. */
export function cancellationFeeFor(
  booking: Pick<BookingRow, 'status' | 'startsAt' | 'freeCancellationHours' | 'lateCancellationFeeCents'>,
  now: Date,
): number {
  if (!actionsFrom(booking.status, 'customer').includes('cancel')) return 0;
  return cancellationFeeCents(booking, now);
}

/**
 * The late fee a reschedule now would let the customer dodge (move out of the window, then cancel free): the
 * cancellation fee of a paid booking. An unpaid hold has no card to charge, so moving it dodges nothing.
 */
export function lateRescheduleFee(
  booking: Pick<BookingRow, 'status' | 'startsAt' | 'freeCancellationHours' | 'lateCancellationFeeCents'>,
  now: Date,
): number {
  return booking.status === 'pending_payment' ? 0 : cancellationFeeFor(booking, now);
}

function allowedActionsFor(relation: Relation, booking: BookingRow, now: Date): UserBookingAction[] {
  const by = relation === 'customer' ? 'customer' : 'detailer';
  const startPassed = booking.startsAt.getTime() <= now.getTime();
  return actionsFrom(booking.status, by).filter((action): action is UserBookingAction => {
    if (!(userBookingActions as readonly string[]).includes(action)) return false;
    // Moving a booking whose start has passed makes no sense; cancelling it still can (with the fee). Inside the
    // late-cancellation window it cannot move either (rescheduleBooking): moved out, it would cancel free.
    if (action === 'reschedule' && (startPassed || lateRescheduleFee(booking, now) > 0)) return false;
    // On my way and Start stay listed before the job's day opens them: the client shows them disabled with when
    // they open (actionOpensAt), and the server refuses them until then (applyTransition).
    return true;
  });
}

type Timeline = Booking['timeline'];

/** The status timelines of several bookings in one query (a list must not cost one query per booking). */
async function loadTimelines(db: Database, bookingIds: number[]): Promise<Map<number, Timeline>> {
  const timelines = new Map<number, Timeline>(bookingIds.map((id) => [id, []]));
  if (bookingIds.length === 0) return timelines;
  const events = await db
    .select({
      bookingId: bookingEvents.bookingId,
      status: bookingEvents.toStatus,
      action: bookingEvents.action,
      at: bookingEvents.createdAt,
    })
    .from(bookingEvents)
    .where(inArray(bookingEvents.bookingId, bookingIds))
    .orderBy(asc(bookingEvents.id));
  for (const e of events) timelines.get(e.bookingId)!.push({ status: e.status, action: e.action, at: e.at.toISOString() });
  return timelines;
}

export type Refunds = Pick<Booking, 'capturedCents' | 'refundedCents' | 'refundableCents'>;
const noRefunds: Refunds = { capturedCents: 0, refundedCents: 0, refundableCents: 0 };

/**
 * What the payments ledger says about several bookings' money, in one query: refunded so far, and what is left to
 * refund (captured, at completion or as a late-cancellation fee, minus refunded). Only succeeded rows count: a
 * capture or refund the gateway refused is recorded as failed. Bookings read the ledger, never payments' code;
 * claims read it here too.
 */
export async function loadRefunds(db: Database, bookingIds: number[]): Promise<Map<number, Refunds>> {
  const refunds = new Map<number, Refunds>();
  if (bookingIds.length === 0) return refunds;
  const rows = await db
    .select({
      bookingId: payments.bookingId,
      capturedCents: sql<number>`coalesce(sum(${payments.amountCents}) filter (where ${payments.kind} = 'capture'), 0)`.mapWith(Number),
      refundedCents: sql<number>`coalesce(sum(${payments.amountCents}) filter (where ${payments.kind} = 'refund'), 0)`.mapWith(Number),
    })
    .from(payments)
    .where(and(inArray(payments.bookingId, bookingIds), eq(payments.status, 'succeeded'), inArray(payments.kind, ['capture', 'refund'])))
    .groupBy(payments.bookingId);
  for (const row of rows) {
    refunds.set(row.bookingId, {
      capturedCents: row.capturedCents,
      refundedCents: row.refundedCents,
      refundableCents: refundableCents(row),
    });
  }
  return refunds;
}

type AnswerSettings = Pick<PlatformSettingsRow, 'requestTimeoutHours'>;

/** The settings a request's answer-by needs, read only when one of the bookings is requested. */
async function answerSettingsFor(db: Database, records: BookingRecord[]): Promise<AnswerSettings | null> {
  return records.some((record) => record.booking.status === 'requested') ? readPlatformSettings(db) : null;
}

/** The API's view of a booking, as the given party sees it. */
export async function toBooking(db: Database, record: BookingRecord, relation: Relation, now: Date): Promise<Booking> {
  const [booking] = await toBookings(db, [record], () => relation, now);
  return booking!;
}

/**
 * The customer's view of the hold they just placed, from what placing it already had (issue 40: no read after
 * commit): its one event is the 'create' into its status, and nothing is paid or refunded yet. A hold awaiting
 * payment has no answer-by time, so no settings either; any other booking is read back through toBooking.
 */
export function toPlacedHold(record: BookingRecord, now: Date): Booking {
  const b = record.booking;
  if (b.status !== 'pending_payment') throw new Error(`toPlacedHold: booking ${b.id} is ${b.status}, not a hold`);
  const timeline: Timeline = [{ status: b.status, action: 'create', at: b.createdAt.toISOString() }];
  return toBookingWithTimeline(record, 'customer', now, timeline, noRefunds, null);
}

/** The API's view of several bookings, each as its party sees it: timelines, refunds and settings read once for all. */
async function toBookings(
  db: Database,
  records: BookingRecord[],
  relationOf: (record: BookingRecord) => Relation,
  now: Date,
): Promise<Booking[]> {
  const ids = records.map((record) => record.booking.id);
  const timelines = await loadTimelines(db, ids);
  const refunds = await loadRefunds(db, ids);
  const settings = await answerSettingsFor(db, records);
  return records.map((record) =>
    toBookingWithTimeline(
      record,
      relationOf(record),
      now,
      timelines.get(record.booking.id)!,
      refunds.get(record.booking.id) ?? noRefunds,
      settings,
    ),
  );
}

function toBookingWithTimeline(
  record: BookingRecord,
  relation: Relation,
  now: Date,
  timeline: Timeline,
  refunds: Refunds,
  settings: AnswerSettings | null,
): Booking {
  const b = record.booking;
  return {
    id: b.id,
    status: b.status,
    detailerId: b.detailerId,
    serviceId: b.serviceId,
    customerId: b.customerId,
    serviceName: record.serviceName,
    detailerBusinessName: record.detailerBusinessName,
    customerName: record.customerName,
    startsAt: b.startsAt.toISOString(),
    endsAt: b.endsAt.toISOString(),
    date: dateInZone(b.startsAt, record.timeZone),
    time: slotLabel(b.startsAt, record.timeZone),
    timeZone: record.timeZone,
    vehicleType: b.vehicleType,
    vehicleId: b.vehicleId,
    vehicleDetails: b.vehicleDetails ?? null,
    notes: b.notes,
    accessNotes: b.accessNotes || null,
    address: b.address,
    apt: b.apt,
    city: b.city,
    zip: b.zip,
    price: centsToDollars(b.priceCents),
    serviceFee: centsToDollars(b.serviceFeeCents),
    tax: centsToDollars(b.taxCents),
    total: centsToDollars(b.totalCents),
    priceCents: b.priceCents,
    vehicleSurchargeCents: b.vehicleSurchargeCents,
    discountCents: b.discountCents,
    discountSource: discountSourceOf(b),
    promoCode: record.promoCode,
    freeCancellationHours: b.freeCancellationHours,
    lateCancellationFeeCents: b.lateCancellationFeeCents,
    serviceFeeCents: b.serviceFeeCents,
    taxCents: b.taxCents,
    totalCents: b.totalCents,
    completedAt: b.completedAt?.toISOString() ?? null,
    holdExpiresAt: b.holdExpiresAt?.toISOString() ?? null,
    answerBy: b.status === 'requested' && settings ? requestAnswerBy(b, settings).toISOString() : null,
    createdAt: b.createdAt.toISOString(),
    allowedActions: allowedActionsFor(relation, b, now),
    cancellationFeeCents: relation === 'customer' || relation === 'admin' ? cancellationFeeFor(b, now) : 0,
    capturedCents: refunds.capturedCents,
    refundedCents: refunds.refundedCents,
    refundableCents: refunds.refundableCents,
    timeline,
  };
}

export async function listBookings(db: Database, actor: Actor, now: Date, query: { status?: BookingStatus }): Promise<Booking[]> {
  const user = requireUser(actor);
  const conditions: (SQL | undefined)[] = [query.status ? eq(bookings.status, query.status) : undefined];
  if (user.role !== 'admin') {
    conditions.push(or(eq(bookings.customerId, user.id), and(eq(detailers.userId, user.id), detailerSeesBookingSql())));
  }
  const rows = await selectRecords(db)
    .where(and(...conditions))
    .orderBy(desc(bookings.startsAt), desc(bookings.id));
  return toBookings(
    db,
    rows,
    (record) => (record.booking.customerId === user.id ? 'customer' : record.detailerUserId === user.id ? 'detailer' : 'admin'),
    now,
  );
}

export async function getBooking(db: Database, actor: Actor, now: Date, id: number): Promise<Booking> {
  const user = requireUser(actor);
  const { record, relation } = await visibleRecord(db, user, id);
  return toBooking(db, record, relation, now);
}
