import { desc, eq } from 'drizzle-orm';
import { conflict, notFound } from '@core/errors.ts';
import { detailerSeesBooking } from '@core/domain/booking-status.ts';
import { distanceMeters, etaMinutes, isArrivingSoon } from '@core/domain/geo.ts';
import type { PositionInput } from '@core/schemas/tracking.ts';
import type { AppContext } from '../context.ts';
import { arrivalNotices, bookings, detailerPositions } from '../db/schema.ts';
import { requireRole, type Actor } from '../identity/access.ts';
import { loadRecord, wasEverRequested } from '../bookings/booking-records.ts';
import { notify } from '../notifications/notification-service.ts';
import type { EtaEstimator } from '../geo/eta.ts';
import { announceTrackingChange } from './tracking-live.ts';
import { detailerOfUser, isSharingToday, isTripStatus } from './tracking-records.ts';

/** A phone may send a fix every second; one every 2 s is plenty for a van in town, and keeps the table small. */
export const minPositionIntervalMs = 2_000;

export const sharingOffMessage = 'Location sharing is off. Turn it on to share your position with the customer.';
export const notOnTripMessage = 'Your position is shared only while you are on your way to this job or working on it';

/** What POST /api/detailer/positions did: stored it, or dropped it as too soon after the last one. */
export type PositionOutcome = { stored: boolean; arrivalNoticeSent: boolean };

/**
 * POST /api/detailer/positions: the detailer's position for their booking's trip. Refused unless sharing is on today
 * and the booking is theirs and on its way or in progress. While en route, the first position within 5 minutes or
 * 500 m sends the customer 'Arriving soon', once (an arrival_notices row decides, even across instances).
 */
export async function recordPosition(
  ctx: AppContext,
  eta: EtaEstimator,
  actor: Actor,
  now: Date,
  input: PositionInput,
): Promise<PositionOutcome> {
  const user = requireRole(actor, 'detailer');
  const detailer = await detailerOfUser(ctx.db, user);
  const record = await loadRecord(ctx.db, input.bookingId);
  // Someone else's booking, or a hold never paid (not the detailer's to know of), looks like none at all.
  // (A trip is always the detailer's to see: only a booking outside one needs its history read.)
  if (
    !record ||
    record.booking.detailerId !== detailer.id ||
    (!isTripStatus(record.booking.status) && !detailerSeesBooking(record.booking.status, await wasEverRequested(ctx.db, record.booking.id)))
  ) {
    throw notFound('Booking not found');
  }
  if (!(await isSharingToday(ctx.db, detailer, now))) throw conflict(sharingOffMessage);
  if (!isTripStatus(record.booking.status)) throw conflict(notOnTripMessage);

  const { booking } = record;
  const here = { latitude: input.latitude, longitude: input.longitude };
  const destination =
    booking.latitude !== null && booking.longitude !== null ? { latitude: booking.latitude, longitude: booking.longitude } : null;
  // Asked before the transaction: a routing service's answer must not hold the booking's lock.
  const estimate = booking.status === 'en_route' && destination ? await eta.estimate(here, destination) : null;
  const isArriving = estimate !== null && destination !== null && isArrivingSoon(estimate, distanceMeters(here, destination));

  return ctx.transaction(async (tx) => {
    // The booking's row lock orders this position after any move of the booking and any other position of it.
    const [locked] = await tx.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, booking.id)).for('update');
    if (!isTripStatus(locked!.status)) throw conflict(notOnTripMessage);
    const [last] = await tx.db
      .select({ recordedAt: detailerPositions.recordedAt })
      .from(detailerPositions)
      .where(eq(detailerPositions.bookingId, booking.id))
      .orderBy(desc(detailerPositions.recordedAt))
      .limit(1);
    if (last && Math.abs(now.getTime() - last.recordedAt.getTime()) < minPositionIntervalMs) {
      return { stored: false, arrivalNoticeSent: false };
    }
    await tx.db.insert(detailerPositions).values({
      bookingId: booking.id,
      detailerId: detailer.id,
      latitude: input.latitude,
      longitude: input.longitude,
      accuracyMeters: input.accuracyMeters ?? null,
      recordedAt: now,
    });
    let arrivalNoticeSent = false;
    if (isArriving) {
      const [claimed] = await tx.db
        .insert(arrivalNotices)
        .values({ bookingId: booking.id, sentAt: now })
        .onConflictDoNothing()
        .returning({ bookingId: arrivalNotices.bookingId });
      if (claimed) {
        const minutes = Math.max(1, etaMinutes(estimate!.seconds));
        await notify(tx, {
          userId: booking.customerId,
          type: 'service_update',
          title: 'Arriving soon',
          // Known only by its ZIP code's centre, the job gets no minute (issue 37): the detailer is in the area.
          message:
            booking.placePrecision === 'zip'
              ? `${record.detailerBusinessName} is in your area`
              : `${record.detailerBusinessName} is about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} away`,
          entityId: String(booking.id),
        });
        arrivalNoticeSent = true;
      }
    }
    announceTrackingChange(tx, booking);
    return { stored: true, arrivalNoticeSent };
  });
}
