import { tripStatuses, upcomingStatuses } from '@core/domain/booking-status.ts';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { notFound } from '@core/errors.ts';
import { arrivalText, zipReachMeters } from '@core/domain/arrival-text.ts';
import { distanceMeters, etaMinutes } from '@core/domain/geo.ts';
import type { BookingTracking, CurrentTracking } from '@core/schemas/tracking.ts';
import type { Database } from '../db/client.ts';
import { bookings, detailers } from '../db/schema.ts';
import { requireRole, requireUser, type Actor } from '../identity/access.ts';
import { loadRecord, selectRecords, type BookingRecord } from '../bookings/booking-records.ts';
import type { EtaEstimator } from '../geo/eta.ts';
import { isSharingToday, isTripStatus, jobAddress, lastPositionOf } from './tracking-records.ts';

/** A position older than this means the detailer's phone stopped sending (no signal, app closed): shown as paused. */
export const pausedAfterMs = 2 * 60_000;

/** The tracking answer of a booking. The position shows only during the trip and while the detailer shares. */
async function toTracking(db: Database, eta: EtaEstimator, record: BookingRecord, now: Date): Promise<BookingTracking> {
  const { booking } = record;
  const [detailer] = await db.select().from(detailers).where(eq(detailers.id, booking.detailerId));
  const destination =
    booking.latitude !== null && booking.longitude !== null
      ? { address: jobAddress(booking), latitude: booking.latitude, longitude: booking.longitude }
      : null;
  const shows = isTripStatus(booking.status) && (await isSharingToday(db, detailer!, now));
  const last = shows ? await lastPositionOf(db, booking.id) : undefined;
  const position = last ? { latitude: last.latitude, longitude: last.longitude, recordedAt: last.recordedAt.toISOString() } : null;
  // The drive is only estimated on the way: once the job is in progress the detailer is there.
  const estimate = position && destination && booking.status === 'en_route' ? await eta.estimate(position, destination) : null;
  const straightLineMeters = position && destination ? Math.round(distanceMeters(position, destination)) : null;
  const precision = booking.placePrecision;
  // A distance to a ZIP code's centre means little once the detailer is in the area: not shown, as no minute is.
  const isDistanceKnown = precision === 'street' || (straightLineMeters !== null && straightLineMeters > zipReachMeters);
  return {
    bookingId: booking.id,
    status: booking.status,
    detailer: { name: record.detailerBusinessName, avatarUrl: detailer!.avatarUrl, vehicleDescription: detailer!.vehicleDescription },
    destination,
    position,
    isPaused: last !== undefined && now.getTime() - last.recordedAt.getTime() > pausedAfterMs,
    etaMinutes: estimate ? etaMinutes(estimate.seconds) : null,
    etaText: estimate && straightLineMeters !== null ? arrivalText({ seconds: estimate.seconds, straightLineMeters, precision }) : null,
    placePrecision: precision,
    distanceMeters: !isDistanceKnown ? null : estimate ? estimate.meters : straightLineMeters,
  };
}

/** GET /api/bookings/:id/tracking: the booking's customer and admins; anyone else (its detailer too) gets 404. */
export async function getBookingTracking(
  db: Database,
  eta: EtaEstimator,
  actor: Actor,
  now: Date,
  bookingId: number,
): Promise<BookingTracking> {
  const user = requireUser(actor);
  const record = await loadRecord(db, bookingId);
  if (!record || (record.booking.customerId !== user.id && user.role !== 'admin')) throw notFound('Booking not found');
  return toTracking(db, eta, record, now);
}

/**
 * GET /api/tracking/current: the customer's booking on its way or in progress, else their next booking (requested
 * or accepted, not yet over) for the screen to say when to expect the detailer.
 */
export async function getCurrentTracking(db: Database, eta: EtaEstimator, actor: Actor, now: Date): Promise<CurrentTracking> {
  const user = requireRole(actor, 'customer');
  const [trip] = await selectRecords(db)
    .where(and(eq(bookings.customerId, user.id), inArray(bookings.status, [...tripStatuses])))
    .orderBy(asc(bookings.startsAt), asc(bookings.id))
    .limit(1);
  if (trip) return { tracking: await toTracking(db, eta, trip, now), nextBooking: null };
  const [next] = await selectRecords(db)
    .where(and(eq(bookings.customerId, user.id), inArray(bookings.status, [...upcomingStatuses]), gt(bookings.endsAt, now)))
    .orderBy(asc(bookings.startsAt), asc(bookings.id))
    .limit(1);
  return {
    tracking: null,
    nextBooking: next
      ? {
          id: next.booking.id,
          serviceName: next.serviceName,
          detailerBusinessName: next.detailerBusinessName,
          startsAt: next.booking.startsAt.toISOString(),
          timeZone: next.timeZone,
          status: next.booking.status,
        }
      : null,
  };
}
