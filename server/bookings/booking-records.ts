import { and, eq, exists, notInArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { notFound } from '@core/errors.ts';
import { customerOnlyStatuses, detailerSeesBooking } from '@core/domain/booking-status.ts';
import { timeSlots, wallClockAt } from '@core/domain/time-slots.ts';
import type { Database } from '../db/client.ts';
import { bookingEvents, bookings, detailers, promoCodes, services, users } from '../db/schema.ts';
import type { UserRow } from '../identity/user-service.ts';

export type BookingRow = typeof bookings.$inferSelect;
/** A booking with the names and time zone every reader of it needs. */
export type BookingRecord = {
  booking: BookingRow;
  serviceName: string;
  detailerBusinessName: string;
  detailerUserId: number;
  timeZone: string;
  /** The detailer takes bookings instantly (decision 035): a paid request is accepted at once. */
  instantBooking: boolean;
  customerName: string;
  /** The promo code the booking's discount came from, as its creator typed it (decision 022). */
  promoCode: string | null;
};
export type Relation = 'customer' | 'detailer' | 'admin';

const customerUsers = alias(users, 'customer_user');

export function selectRecords(db: Database) {
  return db
    .select({
      booking: bookings,
      serviceName: services.name,
      detailerBusinessName: detailers.businessName,
      detailerUserId: detailers.userId,
      timeZone: detailers.timeZone,
      instantBooking: detailers.instantBooking,
      customerName: customerUsers.name,
      promoCode: promoCodes.code,
    })
    .from(bookings)
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .innerJoin(detailers, eq(detailers.id, bookings.detailerId))
    .innerJoin(customerUsers, eq(customerUsers.id, bookings.customerId))
    .leftJoin(promoCodes, eq(promoCodes.id, bookings.promoCodeId));
}

export async function loadRecord(db: Database, id: number): Promise<BookingRecord | undefined> {
  const [row] = await selectRecords(db).where(eq(bookings.id, id));
  return row;
}

/** SQL for detailerSeesBooking (core/domain/booking-status.ts): the same rule, for list queries. */
export function detailerSeesBookingSql() {
  return or(notInArray(bookings.status, [...customerOnlyStatuses]), everRequestedSql);
}

/**
 * The one place that says which of a booking's events shows it was ever requested (the detailer sees a booking
 * only from then on): everRequestedSql, wasEverRequested and a thread's booking history (messages) all build on it.
 */
export const requestedEventSql = eq(bookingEvents.toStatus, 'requested');

export const everRequestedSql = exists(
  sql`(select 1 from ${bookingEvents} where ${bookingEvents.bookingId} = ${bookings.id} and ${requestedEventSql})`,
);

export async function wasEverRequested(db: Database, bookingId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: bookingEvents.id })
    .from(bookingEvents)
    .where(and(eq(bookingEvents.bookingId, bookingId), requestedEventSql))
    .limit(1);
  return row !== undefined;
}

async function relationTo(db: Database, record: BookingRecord, user: UserRow): Promise<Relation | null> {
  if (record.booking.customerId === user.id) return 'customer';
  if (record.detailerUserId === user.id) {
    const visible = detailerSeesBooking(record.booking.status, await wasEverRequested(db, record.booking.id));
    return visible ? 'detailer' : null;
  }
  if (user.role === 'admin') return 'admin';
  return null;
}

/** Loads a booking the user may see; anyone else gets the same 404 as for a booking that does not exist. */
export async function visibleRecord(db: Database, user: UserRow, id: number) {
  const record = await loadRecord(db, id);
  const relation = record ? await relationTo(db, record, user) : null;
  if (!record || !relation) throw notFound('Booking not found');
  return { record, relation };
}

export function slotLabel(startsAt: Date, timeZone: string): string {
  const wall = wallClockAt(startsAt, timeZone);
  const minute = wall.hour * 60 + wall.minute;
  const slot = timeSlots.find((s) => s.minuteOfDay === minute);
  if (slot) return slot.label;
  const hour12 = wall.hour % 12 === 0 ? 12 : wall.hour % 12;
  return `${hour12}:${String(wall.minute).padStart(2, '0')} ${wall.hour < 12 ? 'AM' : 'PM'}`;
}
