import { and, eq, gt, lt, ne } from 'drizzle-orm';
import { conflict, notFound } from '@core/errors.ts';
import { driveTimeConflict, tooLittleDriveTimeMessages, type DriveSeconds, type PlacedJob } from '@core/domain/drive-time.ts';
import type { Coordinates } from '@core/domain/geo.ts';
import type { Database } from '../db/client.ts';
import { bookings, detailers } from '../db/schema.ts';
import { holdsTime } from '../db/time-holds.ts';
import { slotTakenMessage } from './availability-service.ts';

/** How far either side of a job its neighbours are looked for: longer than any drive between two jobs. */
const neighbourMarginMs = 12 * 3_600_000;

const placeOf = (row: { latitude: number | null; longitude: number | null }): Coordinates | null =>
  row.latitude === null || row.longitude === null ? null : { latitude: row.latitude, longitude: row.longitude };

/** The detailer's time-holding jobs around [startsAt, endsAt), with their places (issue 20). */
export async function placedJobsAround(
  db: Database,
  detailerId: number,
  startsAt: Date,
  endsAt: Date,
  now: Date,
  excludeBookingId?: number,
): Promise<PlacedJob[]> {
  const rows = await db
    .select({ startsAt: bookings.startsAt, endsAt: bookings.endsAt, latitude: bookings.latitude, longitude: bookings.longitude })
    .from(bookings)
    .where(
      and(
        eq(bookings.detailerId, detailerId),
        holdsTime(now),
        lt(bookings.startsAt, new Date(endsAt.getTime() + neighbourMarginMs)),
        gt(bookings.endsAt, new Date(startsAt.getTime() - neighbourMarginMs)),
        excludeBookingId === undefined ? undefined : ne(bookings.id, excludeBookingId),
      ),
    );
  return rows.map((row) => ({ startsAt: row.startsAt, endsAt: row.endsAt, place: placeOf(row) }));
}

export type DriveTimeOptions = {
  now: Date;
  /** The booking being moved (a reschedule): it is not its own neighbour. */
  excludeBookingId?: number;
  /** Drive times looked up before the transaction (server/geo/routing.ts); the straight line otherwise. */
  driveSeconds?: DriveSeconds;
};

/**
 * The travel rule inside the booking's transaction: locks the detailer's row (a no-op when the caller already
 * holds it, as createBooking does), re-reads the neighbouring jobs and refuses with 409 a time that leaves too
 * little time to drive from the previous job or on to the next. The exclusion constraint still guards the job's
 * own time; this is the part of the rule it cannot express. Callable by any writer of a detailer's time.
 */
export async function requireDriveTime(
  tx: Database,
  /** With `travelBufferMinutes` the caller already holds the row's lock and read it: no second read. */
  detailer: { id: number; travelBufferMinutes?: number },
  place: Coordinates | null,
  startsAt: Date,
  endsAt: Date,
  options: DriveTimeOptions,
): Promise<void> {
  const [row] =
    detailer.travelBufferMinutes === undefined
      ? await tx.select({ buffer: detailers.travelBufferMinutes }).from(detailers).where(eq(detailers.id, detailer.id)).for('update')
      : [{ buffer: detailer.travelBufferMinutes }];
  if (!row) throw notFound('Detailer not found');
  const others = await placedJobsAround(tx, detailer.id, startsAt, endsAt, options.now, options.excludeBookingId);
  const verdict = driveTimeConflict({ startsAt, endsAt, place }, others, row.buffer, options.driveSeconds);
  if (verdict === 'overlap') throw conflict(slotTakenMessage);
  if (verdict) throw conflict(tooLittleDriveTimeMessages[verdict]);
}

export { placeOf };
