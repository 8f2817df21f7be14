import { eq, sql } from 'drizzle-orm';
import type { DriveSeconds } from '@core/domain/drive-time.ts';
import type { Coordinates } from '@core/domain/geo.ts';
import type { BookingPrice } from '@core/domain/pricing.ts';
import type { Database } from '../db/client.ts';
import { bookingEvents, bookings, detailers } from '../db/schema.ts';
import { requireInServiceArea } from '../catalog/service-area-service.ts';
import { requireDriveTime } from './drive-time-check.ts';
import type { BookingRow } from './booking-records.ts';

/** Everything a new booking row holds, as its maker decided it (price, status, hold) before it is placed. */
export type BookingToPlace = Omit<
  typeof bookings.$inferInsert,
  'id' | 'latitude' | 'longitude' | 'createdAt' | 'updatedAt' | keyof BookingPrice
> & {
  price: BookingPrice;
  place: Coordinates;
  /** Who made it (the customer), or null for Glossly's scheduler. */
  actorUserId: number | null;
  /** Drive times the slot was judged with (server/geo/routing.ts), so the check under the lock agrees with it. */
  driveSeconds?: DriveSeconds;
};

/**
 * The one way a booking is written, for the booking page and the membership visit scheduler alike: inside the
 * caller's transaction it locks the detailer's row (one booking insert per detailer at a time: two inserts of
 * overlapping slots checking the exclusion constraint at once could each wait for the other and deadlock), applies
 * the service area and the drive-time rule to the locked row, inserts the booking and its 'create' event, and answers
 * the new row. The exclusion constraint still decides a race for the same time.
 */
export async function placeBooking(tx: Database, now: Date, booking: BookingToPlace): Promise<BookingRow> {
  const { price, place, actorUserId, driveSeconds, ...columns } = booking;
  const [detailer] = await tx
    .select({
      businessName: detailers.businessName,
      baseLatitude: detailers.baseLatitude,
      baseLongitude: detailers.baseLongitude,
      serviceRadiusMiles: detailers.serviceRadiusMiles,
      travelBufferMinutes: detailers.travelBufferMinutes,
    })
    .from(detailers)
    .where(eq(detailers.id, booking.detailerId))
    .for('update');
  // Checked on the locked row, so an area changed meanwhile is the one applied.
  requireInServiceArea(detailer!, place);
  // The travel rule, re-read under the same lock: of racing bookings of neighbouring slots, each sees the last.
  await requireDriveTime(
    tx,
    { id: booking.detailerId, travelBufferMinutes: detailer!.travelBufferMinutes },
    place,
    booking.startsAt,
    booking.endsAt,
    {
      now,
      driveSeconds,
    },
  );
  // The booking and its 'create' event in one statement (issue 40: one round trip fewer under the detailer's lock).
  const placed = tx.$with('placed').as(
    tx
      .insert(bookings)
      .values({ ...columns, ...price, latitude: place.latitude, longitude: place.longitude, createdAt: now, updatedAt: now })
      .returning(),
  );
  const created = tx.$with('created').as(
    tx.insert(bookingEvents).values({
      bookingId: sql`(select ${placed.id} from ${placed})`,
      action: 'create',
      fromStatus: null,
      toStatus: booking.status!,
      actorUserId,
      createdAt: now,
    }),
  );
  const [row] = await tx.with(placed, created).select().from(placed);
  return row!;
}
