import { and, eq } from 'drizzle-orm';
import { nextVisitAfter, type VisitRhythm } from '@core/domain/membership-visits.ts';
import { formatUsd } from '@core/domain/money.ts';
import { bookingPrice } from '@core/domain/pricing.ts';
import type { Coordinates } from '@core/domain/geo.ts';
import type { VehicleType } from '@core/schemas/booking.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { memberships, membershipSchedules, membershipVisits, savedAddresses } from '../../db/schema.ts';
import { loadRecord } from '../../bookings/booking-records.ts';
import { markAuthorized } from '../../bookings/booking-transitions.ts';
import { placeBooking } from '../../bookings/place-booking.ts';
import { bookableServicePrice } from '../../catalog/catalog-service.ts';
import { bookedVehicle } from '../../garage/vehicle-service.ts';
import { notify } from '../../notifications/notification-service.ts';
import { hasVisitLeft } from '../../member-benefits/visit-allowance.ts';
import { coverColumns, coveredPriceLimit, coveredVisitAdjustments, planEndDay } from '../../member-benefits/member-pricing.ts';
import type { VisitSlot } from './visit-slots.ts';

export type ScheduleRow = typeof membershipSchedules.$inferSelect;
type SavedPlace = typeof savedAddresses.$inferSelect;

/** What the scheduler prepared outside the transaction: the car's type, the place and the slot (null: none free). */
export type VisitPlan = {
  schedule: ScheduleRow;
  dueOn: string;
  customerId: number;
  vehicleType: string | null;
  address: SavedPlace | null;
  place: Coordinates | null;
  slot: VisitSlot | null;
};

export type VisitOutcome = 'booked' | 'needs_confirmation' | 'unfilled' | 'already_done' | 'inactive';

export const noVisitsLeftTitle = 'No visits left this month';
export const unfilledTitle = 'Visit not booked';
export const confirmVisitTitle = 'Confirm your visit';

/** The rhythm moves on by its own step from the date just handled, once (a second pass finds the date changed). */
async function advanceRhythm(tx: Database, schedule: ScheduleRow, dueOn: string, now: Date) {
  await tx
    .update(membershipSchedules)
    .set({ nextVisitOn: nextVisitAfter(dueOn, schedule.everyWeeks as VisitRhythm), updatedAt: now })
    .where(and(eq(membershipSchedules.membershipId, schedule.membershipId), eq(membershipSchedules.nextVisitOn, dueOn)));
}

/**
 * Books one visit of the rhythm in one transaction: the membership_visits row is inserted first (on conflict do
 * nothing on membership and due date), so of any number of concurrent passes only the one that inserted it books;
 * the others find it there and do nothing. The booking is written as every booking is (placeBooking) and, with a
 * total of 0 and no payment intent, authorized at once through the graph: the detailer hears of it as of a paid one.
 */
export async function bookVisit(ctx: AppContext, now: Date, plan: VisitPlan, included: number): Promise<VisitOutcome> {
  const { schedule, dueOn } = plan;
  return ctx.transaction(async (txCtx) => {
    const tx = txCtx.db;
    const [membership] = await tx.select(coverColumns).from(memberships).where(eq(memberships.id, schedule.membershipId)).for('update');
    if (!membership || membership.status !== 'active') return 'inactive';
    const [claimed] = await tx
      .insert(membershipVisits)
      .values({ membershipId: membership.id, dueOn, status: 'unfilled', createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: membershipVisits.id });
    if (!claimed) {
      await advanceRhythm(tx, schedule, dueOn, now);
      return 'already_done';
    }
    await advanceRhythm(tx, schedule, dueOn, now);
    const unfilled = async (title: string, message: string): Promise<VisitOutcome> => {
      await notify(txCtx, { userId: plan.customerId, type: 'alert', title, message, entityId: '' });
      return 'unfilled';
    };
    const endDay = planEndDay(membership);
    if (endDay !== null && dueOn >= endDay) {
      return unfilled(unfilledTitle, `Your membership ends on ${endDay}, so your visit of ${dueOn} was not booked.`);
    }
    // The rhythm's service was chosen under the plan of that day: after a downgrade (or a plan's categories changed)
    // it may no longer be covered, and the platform would fund a visit the member no longer pays for.
    // A detailer may also have raised the service's price above the plan's limit since.
    const limitCents = await coveredPriceLimit(tx, membership.planId, schedule.serviceId);
    if (limitCents === null) {
      return unfilled(
        unfilledTitle,
        `Your plan no longer covers this service, so your visit of ${dueOn} was not booked. Choose a service your plan covers.`,
      );
    }
    if (!(await hasVisitLeft(tx, membership, included, dueOn))) {
      return unfilled(noVisitsLeftTitle, `Your plan's visits for this month are used, so your visit of ${dueOn} was not booked.`);
    }
    const { slot, address, place, vehicleType } = plan;
    if (!slot || !address || !place || !vehicleType || schedule.vehicleId === null) {
      return unfilled(unfilledTitle, `No detailer was free for your visit of ${dueOn}. Book a time yourself or skip it.`);
    }
    const catalog = await bookableServicePrice(tx, schedule.serviceId, vehicleType as VehicleType, { lock: true });
    // The car's surcharge is the detailer's too: price and surcharge together stay under the plan's limit.
    if (catalog.priceCents + catalog.vehicleSurchargeCents > limitCents) {
      return unfilled(
        unfilledTitle,
        `Your plan covers visits up to ${formatUsd(limitCents)}, and this service costs ${formatUsd(catalog.priceCents + catalog.vehicleSurchargeCents)} for your car, so your visit of ${dueOn} was not booked. Choose a service your plan covers.`,
      );
    }
    const { settings } = catalog;
    // A covered visit, as memberPriceFor prices one the member books: tax on nothing is nothing.
    const price = bookingPrice(
      catalog.priceCents,
      catalog.vehicleSurchargeCents,
      coveredVisitAdjustments(catalog.priceCents + catalog.vehicleSurchargeCents),
      settings,
    );
    const car = await bookedVehicle(tx, plan.customerId, schedule.vehicleId, vehicleType);
    // The booking page's own writer (place-booking.ts): the area and the drive times the slot was found with.
    const { id: bookingId } = await placeBooking(tx, now, {
      customerId: plan.customerId,
      detailerId: slot.detailerId,
      serviceId: schedule.serviceId,
      status: 'pending_payment',
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      vehicleType,
      vehicleId: schedule.vehicleId,
      vehicleDetails: car,
      notes: null,
      accessNotes: address.accessNotes,
      address: address.address,
      apt: address.apt === '' ? null : address.apt,
      city: address.city,
      zip: address.zip,
      place,
      price,
      membershipId: membership.id,
      taxRateBasisPoints: settings.taxRateBasisPoints,
      freeCancellationHours: settings.freeCancellationHours,
      // Nothing was charged, so nothing is kept for a late cancellation: a covered visit is cancelled free.
      lateCancellationFeeCents: 0,
      holdExpiresAt: new Date(now.getTime() + settings.holdMinutes * 60_000),
      actorUserId: null,
      driveSeconds: slot.driveSeconds,
    });
    // Nothing to pay: authorized at once through the graph, as a paid booking is (a request, or accepted by an
    // instant-booking detailer), which also tells the detailer.
    await markAuthorized(txCtx, bookingId, now);
    const status = slot.alternative ? 'needs_confirmation' : 'booked';
    await tx.update(membershipVisits).set({ status, bookingId, updatedAt: now }).where(eq(membershipVisits.id, claimed.id));
    const record = (await loadRecord(tx, bookingId))!;
    const when = `${slot.date} at ${slot.time}`;
    const toMember = slot.alternative
      ? {
          title: confirmVisitTitle,
          message: `Your usual time was taken, so ${record.detailerBusinessName} is booked for ${record.serviceName} on ${when}. Accept or decline it on My Subscription.`,
        }
      : {
          title: 'Visit booked',
          message: `${record.detailerBusinessName} comes for your ${record.serviceName} on ${when}. Covered by your plan.`,
        };
    await notify(txCtx, { userId: plan.customerId, type: 'booking_update', entityId: String(bookingId), ...toMember });
    return status;
  });
}
