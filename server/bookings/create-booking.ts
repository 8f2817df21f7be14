import { and, count, eq, gt } from 'drizzle-orm';
import { conflict, notFound } from '@core/errors.ts';
import { maxUnpaidHolds } from '@core/domain/booking-status.ts';
import { bookingPrice } from '@core/domain/pricing.ts';
import type { Booking, CreateBookingInput } from '@core/schemas/booking.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { isExclusionViolation } from '../db/errors.ts';
import { bookingEvents, bookings, detailers, users } from '../db/schema.ts';
import { requireRole, type Actor } from '../identity/access.ts';
import { loadDetailer, offeredServiceDuration, requireFreeSlot, slotTakenMessage } from './availability-service.ts';
import { announceBookingChange } from './booking-live.ts';
import { loadRecord } from './booking-records.ts';
import { toBooking } from './booking-queries.ts';
import { abandonLapsedHolds } from './booking-transitions.ts';
import { requireDriveTime } from './drive-time-check.ts';
import { routerFor } from '../geo/routing.ts';
import { createGeocoder, locateJobPlaceOrRefuse } from '../geo/geocoder.ts';
import { requireInServiceArea } from '../catalog/service-area-service.ts';
import { bookableServicePrice } from '../catalog/catalog-service.ts';
import { isListedDetailer } from '../onboarding/listing.ts';
import { saveBookedPlace } from '../garage/address-service.ts';
import { bookedVehicle } from '../garage/vehicle-service.ts';
import { readPlatformSettings } from '../business/platform-settings-service.ts';
import { memberPriceAdjustments } from '../memberships/member-pricing.ts';

export const tooManyHoldsMessage = `You already have ${maxUnpaidHolds} bookings awaiting payment. Pay for or cancel one before booking another.`;

/**
 * At most maxUnpaidHolds live holds per customer. The customer's row is locked first, so two concurrent
 * requests of one customer count one after the other and cannot both slip under the cap.
 */
async function reserveHold(tx: Database, customerId: number, now: Date): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, customerId)).for('update');
  const [holds] = await tx
    .select({ n: count() })
    .from(bookings)
    .where(and(eq(bookings.customerId, customerId), eq(bookings.status, 'pending_payment'), gt(bookings.holdExpiresAt, now)));
  if (holds!.n >= maxUnpaidHolds) throw conflict(tooManyHoldsMessage);
}

/** POST /api/bookings: holds the slot as pending_payment for the settings' hold time. Amounts come from the server only. */
export async function createBooking(ctx: AppContext, actor: Actor, now: Date, input: CreateBookingInput): Promise<Booking> {
  const { db } = ctx;
  const customer = requireRole(actor, 'customer');
  const detailer = await loadDetailer(db, input.detailerId);
  // Decision 021: a detailer customers cannot see (not approved, disabled, deleted) is refused as an unknown one.
  if (!(await isListedDetailer(db, detailer.id))) throw notFound('Detailer not found');
  const duration = await offeredServiceDuration(db, detailer.id, input.serviceId);
  // A paused or deleted service is refused before anything else is checked (decision 020); re-checked under lock below.
  await bookableServicePrice(db, input.serviceId, input.vehicleType);
  // Where the job is (decision 018): the detailer's map and arrival time need it, and their service area refuses
  // an address beyond it. Located before the transaction: a geocoding service must not hold the locks.
  const place = await locateJobPlaceOrRefuse(createGeocoder(ctx.config, ctx.log), input);
  // Lapsed holds still sit in the exclusion constraint until the job abandons them: free this detailer's now.
  await abandonLapsedHolds(ctx, now, detailer.id);
  // Issue 20: the slot must leave the detailer time to drive here from the previous job and on to the next.
  const verdict = await requireFreeSlot(db, now, detailer, input, duration, undefined, { place, router: routerFor(ctx.config, ctx.log) });
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      await reserveHold(tx, customer.id, now);
      // Price and the vehicle type's surcharge from the catalog only (what the browser sends is ignored), read with
      // the service row held so a pause or delete cannot slip between this check and the insert.
      const catalog = await bookableServicePrice(tx, input.serviceId, input.vehicleType, { lock: true });
      // Decision 022: the live settings and the customer's plan, read in this transaction; the booking keeps both.
      const settings = await readPlatformSettings(tx);
      const member = await memberPriceAdjustments(tx, customer.id, catalog.priceCents + catalog.vehicleSurchargeCents);
      const price = bookingPrice(catalog.priceCents, catalog.vehicleSurchargeCents, member.adjustments, settings);
      // One booking insert per detailer at a time. Two inserts of overlapping slots that check the exclusion
      // constraint at once can each wait for the other: PostgreSQL then aborts one as a deadlock a second later,
      // and under a burst those aborts chained into 500s (CI: 49 of 50 requests after 37 s). In turn, the loser
      // meets the winner's committed row and gets the plain exclusion violation: 409.
      const [lockedDetailer] = await tx
        .select({
          businessName: detailers.businessName,
          baseLatitude: detailers.baseLatitude,
          baseLongitude: detailers.baseLongitude,
          serviceRadiusMiles: detailers.serviceRadiusMiles,
          travelBufferMinutes: detailers.travelBufferMinutes,
        })
        .from(detailers)
        .where(eq(detailers.id, detailer.id))
        .for('update');
      // Checked on the locked row (no extra query per booking), so an area changed meanwhile is the one applied.
      requireInServiceArea(lockedDetailer!, place);
      // The travel rule, re-read under the same lock: of racing bookings of neighbouring slots, each sees the last.
      await requireDriveTime(tx, { id: detailer.id, travelBufferMinutes: lockedDetailer!.travelBufferMinutes }, place, verdict.startsAt, verdict.endsAt, {
        now,
        driveSeconds: verdict.driveSeconds,
      });
      // Decision 019: a saved car must be the customer's and of the booking's type; the booking keeps a copy of it.
      const car = input.vehicleId === undefined ? null : await bookedVehicle(tx, customer.id, input.vehicleId, input.vehicleType);
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
          vehicleId: input.vehicleId ?? null,
          vehicleDetails: car,
          notes: input.notes ?? null,
          accessNotes: input.accessNotes ?? '',
          address: input.address,
          apt: input.apt ?? null,
          city: input.city,
          zip: input.zip,
          latitude: place.latitude,
          longitude: place.longitude,
          placePrecision: place.precision,
          ...price,
          membershipId: member.membershipId,
          taxRateBasisPoints: settings.taxRateBasisPoints,
          freeCancellationHours: settings.freeCancellationHours,
          lateCancellationFeeCents: settings.lateCancellationFeeCents,
          holdExpiresAt: new Date(now.getTime() + settings.holdMinutes * 60_000),
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
      // Decision 019: the typed address becomes one of the customer's places, or neither is kept.
      if (input.saveAddress) await saveBookedPlace(tx, customer.id, input.saveAddress.label, input, place, now);
      return row!.id;
    });
  } catch (error) {
    // The database decides races: of two requests for one slot, exactly one insert survives.
    if (isExclusionViolation(error)) throw conflict(slotTakenMessage);
    throw error;
  }
  const record = (await loadRecord(db, id))!;
  // The customer's other screens and the admins' lists; the detailer hears of it once it is paid.
  announceBookingChange(ctx, record, false);
  return toBooking(db, record, 'customer', now);
}
