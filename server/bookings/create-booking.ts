import { and, count, eq, gt } from 'drizzle-orm';
import { conflict } from '@core/errors.ts';
import { maxUnpaidHolds } from '@core/domain/booking-status.ts';
import type { Booking, CreateBookingInput } from '@core/schemas/booking.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { isExclusionViolation } from '../db/errors.ts';
import { bookings, users } from '../db/schema.ts';
import { requireRole, type Actor } from '../identity/access.ts';
import { loadListedDetailer, offeredServiceDuration, requireFreeSlot, slotTakenMessage } from './availability-service.ts';
import { announceBookingChange } from './booking-live.ts';
import { loadRecord } from './booking-records.ts';
import { toBooking } from './booking-queries.ts';
import { abandonLapsedHolds, markAuthorized } from './booking-transitions.ts';
import { placeBooking } from './place-booking.ts';
import { quoteBooking } from './booking-quote.ts';
import { useCoveredVisit } from '../member-benefits/covered-visit.ts';
import { locateJobPlaceOrRefuse } from '../geo/geocoder.ts';
import { requireInServiceArea } from '../catalog/service-area-service.ts';
import { bookableServicePrice } from '../catalog/catalog-service.ts';
import { saveBookedPlace } from '../garage/address-service.ts';
import { bookedVehicle } from '../garage/vehicle-service.ts';

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

/**
 * POST /api/bookings: holds the slot as pending_payment for the settings' hold time, or, for a visit the customer's
 * plan covers, makes the request at once (nothing to pay). Amounts come from the server only: the quote of step 3.
 */
export async function createBooking(ctx: AppContext, actor: Actor, now: Date, input: CreateBookingInput): Promise<Booking> {
  const { db } = ctx;
  const customer = requireRole(actor, 'customer');
  // Decision 021: a detailer customers cannot see (not approved, disabled, deleted) is refused as an unknown one.
  const detailer = await loadListedDetailer(db, input.detailerId);
  const duration = await offeredServiceDuration(db, detailer.id, input.serviceId);
  // A paused or deleted service is refused before anything else is checked (decision 020); re-checked under lock below.
  await bookableServicePrice(db, input.serviceId, input.vehicleType);
  // Where the job is (decision 018): the detailer's map and arrival time need it, and their service area refuses
  // an address beyond it. Located before the transaction: a geocoding service must not hold the locks.
  const place = await locateJobPlaceOrRefuse(ctx.geocoder, input);
  // Where before when, as the availability endpoint asks: a place beyond the area is refused whatever the time.
  requireInServiceArea(detailer, place);
  // Lapsed holds still sit in the exclusion constraint until the job abandons them: free this detailer's now.
  await abandonLapsedHolds(ctx, now, detailer.id);
  // Issue 20: the slot must leave the detailer time to drive here from the previous job and on to the next.
  const verdict = await requireFreeSlot(db, now, detailer, input, duration, undefined, { place, router: ctx.router });
  let placed: { id: number; coversVisit: boolean };
  try {
    placed = await ctx.transaction(async (txCtx) => {
      const tx = txCtx.db;
      // Read with the service row held, so a pause or delete cannot slip between this check and the insert. The
      // price is the quote step 3 showed (booking-quote.ts): the live settings and the customer's plan, kept on the row.
      const { price, member, settings } = await quoteBooking(tx, customer.id, input, { lock: true });
      // A visit the plan covers needs no payment: it is authorized below, in this transaction, so it holds nothing.
      if (!member.coversVisit) await reserveHold(tx, customer.id, now);
      // Decision 019: a saved car must be the customer's and of the booking's type; the booking keeps a copy of it.
      const car = input.vehicleId === undefined ? null : await bookedVehicle(tx, customer.id, input.vehicleId, input.vehicleType);
      const id = await placeBooking(tx, now, {
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
        place,
        placePrecision: place.precision,
        price,
        membershipId: member.membershipId,
        taxRateBasisPoints: settings.taxRateBasisPoints,
        freeCancellationHours: settings.freeCancellationHours,
        // Nothing was charged for a covered visit, so nothing is kept for its late cancellation.
        lateCancellationFeeCents: member.coversVisit ? 0 : settings.lateCancellationFeeCents,
        holdExpiresAt: new Date(now.getTime() + settings.holdMinutes * 60_000),
        actorUserId: customer.id,
        driveSeconds: verdict.driveSeconds,
      });
      if (member.coversVisit) {
        // The covered visit counts against the plan's month (visit-allowance.ts), as a scheduled one does, and with
        // nothing to pay it is authorized at once through the graph: a request, or accepted by an instant detailer.
        await useCoveredVisit(txCtx.db, member.membershipId!, input.date, id, now);
        await markAuthorized(txCtx, id, now);
      }
      // Decision 019: the typed address becomes one of the customer's places, or neither is kept.
      if (input.saveAddress) await saveBookedPlace(tx, customer.id, input.saveAddress.label, input, place, now);
      return { id, coversVisit: member.coversVisit };
    });
  } catch (error) {
    // The database decides races: of two requests for one slot, exactly one insert survives.
    if (isExclusionViolation(error)) throw conflict(slotTakenMessage);
    throw error;
  }
  const id = placed.id;
  const record = (await loadRecord(db, id))!;
  // The customer's other screens and the admins' lists; the detailer hears of it once it is a request (a covered
  // visit's authorize move has announced it already).
  if (!placed.coversVisit) announceBookingChange(ctx, record, false);
  return toBooking(db, record, 'customer', now);
}
