import { and, count, eq, gt } from 'drizzle-orm';
import { conflict } from '@core/errors.ts';
import { maxUnpaidHolds } from '@core/domain/booking-status.ts';
import type { Booking, CreateBookingInput } from '@core/schemas/booking.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { isExclusionViolation } from '../db/errors.ts';
import { bookings, users } from '../db/schema.ts';
import { requireRole, type Actor } from '../identity/access.ts';
import { loadListedOffer, requireFreeSlot, slotTakenMessage } from './availability-service.ts';
import { announceBookingChange } from './booking-live.ts';
import { loadRecord, type BookingRecord, type BookingRow } from './booking-records.ts';
import { toBooking, toPlacedHold } from './booking-queries.ts';
import { abandonHolds, markAuthorized } from './booking-transitions.ts';
import { placeBooking } from './place-booking.ts';
import { quoteBooking } from './booking-quote.ts';
import { useCoveredVisit } from '../member-benefits/covered-visit.ts';
import { locateJobPlaceOrRefuse } from '../geo/geocoder.ts';
import { requireInServiceArea } from '../catalog/service-area-service.ts';
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
  // Decision 021: a detailer customers cannot see (not approved, disabled, deleted) is refused as an unknown one; then
  // a service they do not offer; then a paused or deleted one, before anything else is checked (decision 020). The
  // service is re-checked under lock below.
  const { detailer, service } = await loadListedOffer(db, input.detailerId, input.serviceId);
  // Where the job is (decision 018): the detailer's map and arrival time need it, and their service area refuses
  // an address beyond it. Located before the transaction: a geocoding service must not hold the locks.
  const place = await locateJobPlaceOrRefuse(ctx.geocoder, input);
  // Where before when, as the availability endpoint asks: a place beyond the area is refused whatever the time.
  requireInServiceArea(detailer, place);
  // Issue 20: the slot must leave the detailer time to drive here from the previous job and on to the next.
  const verdict = await requireFreeSlot(db, now, detailer, input, service.durationMinutes, undefined, { place, router: ctx.router });
  // Lapsed holds still sit in the exclusion constraint until the job abandons them: free the ones of this day now.
  await abandonHolds(ctx, now, verdict.lapsedHoldIds);
  let placed: { row: BookingRow; coversVisit: boolean };
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
      // Decision 019: the typed address becomes one of the customer's places, or neither is kept. Saved before the
      // booking is placed: placing it locks the detailer's row, which every other booking of theirs waits for.
      if (input.saveAddress) await saveBookedPlace(tx, customer.id, input.saveAddress.label, input, place, now);
      const row = await placeBooking(tx, now, {
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
        await useCoveredVisit(txCtx.db, member.membershipId!, input.date, row.id, now);
        await markAuthorized(txCtx, row.id, now);
      }
      return { row, coversVisit: member.coversVisit };
    });
  } catch (error) {
    // The database decides races: of two requests for one slot, exactly one insert survives.
    if (isExclusionViolation(error)) throw conflict(slotTakenMessage);
    throw error;
  }
  // A covered visit moved on in its transaction (authorized, maybe accepted): read back as it now is. Its authorize
  // move has announced it already.
  if (placed.coversVisit) return toBooking(db, (await loadRecord(db, placed.row.id))!, 'customer', now);
  // A hold: its answer is what was read and written, so nothing more is read (issue 40). The customer's other
  // screens and the admins' lists hear of it; the detailer once it is a request.
  const record: BookingRecord = {
    booking: placed.row,
    serviceName: service.name,
    detailerBusinessName: detailer.businessName,
    detailerUserId: detailer.userId,
    timeZone: detailer.timeZone,
    instantBooking: detailer.instantBooking,
    customerName: customer.name,
    promoCode: null,
  };
  announceBookingChange(ctx, record, false);
  return toPlacedHold(record, now);
}
