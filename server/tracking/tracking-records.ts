import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { forbidden } from '@core/errors.ts';
import { dateInZone } from '@core/domain/time-slots.ts';
import { placeLine } from '@core/domain/places.ts';
import { statusIn, tripStatuses, type BookingStatus } from '@core/domain/booking-status.ts';
import type { Database } from '../db/client.ts';
import { bookings, detailerPositions, detailers, locationSharing } from '../db/schema.ts';
import type { UserRow } from '../identity/user-service.ts';
import { selectRecords, type BookingRecord } from '../bookings/booking-records.ts';

// What every part of live tracking reads: the detailer behind a user, whether they share today, a trip's positions.

/** The statuses of a trip: a position is taken and shown only while the detailer is on the way or working. */

export const isTripStatus = (status: BookingStatus) => statusIn(tripStatuses, status);

export type DetailerRow = typeof detailers.$inferSelect;

/** The signed-in detailer's profile; an account without one cannot share anything. */
export async function detailerOfUser(db: Database, user: UserRow): Promise<DetailerRow> {
  const [row] = await db.select().from(detailers).where(eq(detailers.userId, user.id));
  if (!row) throw forbidden('Only detailers with a profile can share their location');
  return row;
}

/** Sharing is on for one day at a time: the day (in the detailer's time zone) they turned it on. */
export async function isSharingToday(db: Database, detailer: Pick<DetailerRow, 'id' | 'timeZone'>, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ sharingOn: locationSharing.sharingOn })
    .from(locationSharing)
    .where(eq(locationSharing.detailerId, detailer.id));
  return row?.sharingOn === dateInZone(now, detailer.timeZone);
}

/** The detailer's job on its way or in progress (the earliest, should two ever be). */
export async function activeTripOf(db: Database, detailerId: number): Promise<BookingRecord | undefined> {
  const [record] = await selectRecords(db)
    .where(and(eq(bookings.detailerId, detailerId), inArray(bookings.status, [...tripStatuses])))
    .orderBy(asc(bookings.startsAt), asc(bookings.id))
    .limit(1);
  return record;
}

export type PositionRow = typeof detailerPositions.$inferSelect;

export async function lastPositionOf(db: Database, bookingId: number): Promise<PositionRow | undefined> {
  const [row] = await db
    .select()
    .from(detailerPositions)
    .where(eq(detailerPositions.bookingId, bookingId))
    .orderBy(desc(detailerPositions.recordedAt), desc(detailerPositions.id))
    .limit(1);
  return row;
}

/** 'Jane Doe' as 'Jane D.': enough for the detailer to know who sees them, no more. */
export function shortName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return words[0] ?? '';
  return `${words[0]} ${words.at(-1)!.charAt(0).toUpperCase()}.`;
}

/** The one-line address of a job, as the tracking screen shows it. */
export const jobAddress = (booking: Pick<BookingRecord['booking'], 'address' | 'apt' | 'city' | 'zip'>) => placeLine(booking);
