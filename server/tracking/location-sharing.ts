import { eq } from 'drizzle-orm';
import { dateInZone } from '@core/domain/time-slots.ts';
import type { LocationSharing } from '@core/schemas/tracking.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { locationSharing } from '../db/schema.ts';
import { requireRole, type Actor } from '../identity/access.ts';
import type { BookingRecord } from '../bookings/booking-records.ts';
import { activeTripOf, detailerOfUser, isSharingToday, shortName, type DetailerRow } from './tracking-records.ts';
import { announceTrackingChange } from './tracking-live.ts';

const policyText = 'Only the customer of your current job and Glossly admins, and only while you are on your way or working';

async function sharingAnswer(db: Database, detailer: DetailerRow, now: Date, trip: BookingRecord | undefined): Promise<LocationSharing> {
  const enabled = await isSharingToday(db, detailer, now);
  return {
    enabled,
    activeBooking: trip
      ? {
          id: trip.booking.id,
          customerName: trip.customerName,
          serviceName: trip.serviceName,
          status: trip.booking.status,
          address: trip.booking.address,
          startsAt: trip.booking.startsAt.toISOString(),
        }
      : null,
    sharedWith: trip ? `Only ${shortName(trip.customerName)}, the customer of your current job, and Glossly admins` : policyText,
  };
}

/** GET /api/detailer/location-sharing */
export async function getLocationSharing(db: Database, actor: Actor, now: Date): Promise<LocationSharing> {
  const user = requireRole(actor, 'detailer');
  const detailer = await detailerOfUser(db, user);
  return sharingAnswer(db, detailer, now, await activeTripOf(db, detailer.id));
}

/**
 * PUT /api/detailer/location-sharing: on for today in the detailer's time zone (it lapses at midnight on its own),
 * or off at once. The customer of a trip under way is told, so their map shows or hides the position.
 */
export async function setLocationSharing(ctx: AppContext, actor: Actor, now: Date, enabled: boolean): Promise<LocationSharing> {
  const user = requireRole(actor, 'detailer');
  const detailer = await detailerOfUser(ctx.db, user);
  if (enabled) {
    const today = dateInZone(now, detailer.timeZone);
    await ctx.db
      .insert(locationSharing)
      .values({ detailerId: detailer.id, sharingOn: today, updatedAt: now })
      .onConflictDoUpdate({ target: locationSharing.detailerId, set: { sharingOn: today, updatedAt: now } });
  } else {
    await ctx.db.delete(locationSharing).where(eq(locationSharing.detailerId, detailer.id));
  }
  const trip = await activeTripOf(ctx.db, detailer.id);
  if (trip) announceTrackingChange(ctx, trip.booking);
  return sharingAnswer(ctx.db, detailer, now, trip);
}

/**
 * Tracking that just happens (issue 37): 'On my way' turns sharing on for the job's day, so the customer follows the
 * detailer without the detailer finding the Location page; 'Start' turns it off, the detailer being there. Called
 * inside the move's transaction (a follower of bookings' moves that buildApp lists, decision 045), so the switch and
 * the status agree.
 */
export async function followTripSharing(
  tx: Database,
  move: { action: string; booking: { detailerId: number }; timeZone: string; now: Date },
): Promise<void> {
  if (move.action === 'start-route') {
    const today = dateInZone(move.now, move.timeZone);
    await tx
      .insert(locationSharing)
      .values({ detailerId: move.booking.detailerId, sharingOn: today, updatedAt: move.now })
      .onConflictDoUpdate({ target: locationSharing.detailerId, set: { sharingOn: today, updatedAt: move.now } });
  } else if (move.action === 'start') {
    await tx.delete(locationSharing).where(eq(locationSharing.detailerId, move.booking.detailerId));
  }
}
