import { and, eq, inArray, lte } from 'drizzle-orm';
import type { PriceAdjustments } from '@core/domain/pricing.ts';
import type { Database } from '../db/client.ts';
import { membershipPlanCategories, membershipPlans, memberships, membershipVisits, services } from '../db/schema.ts';
import { hasVisitLeft } from './visit-allowance.ts';

/** Members whose plan's discount applies: active, or past_due while renewals are retried (decision 022). */
const discountedStatuses = ['active', 'past_due'] as const;

/** What a member's plan does for one booking: covers it, discounts it, or nothing (membershipId null). */
export type MemberPrice = { adjustments: PriceAdjustments; membershipId: number | null; coversVisit: boolean };

/** No plan, or one that does nothing for this booking. */
export const noPlan: MemberPrice = { adjustments: {}, membershipId: null, coversVisit: false };

/** The membership columns the cover rule reads: memberPriceFor here, and a scheduled visit's booking (bookVisit). */
export const coverColumns = {
  id: memberships.id,
  planId: memberships.planId,
  status: memberships.status,
  currentPeriodEnd: memberships.currentPeriodEnd,
  cancelAtPeriodEnd: memberships.cancelAtPeriodEnd,
};

/**
 * The day a plan set to end stops (null while it renews): it has no next period, so a visit due on or after that
 * day would be free after the plan ended and is not covered.
 */
export function planEndDay(member: { currentPeriodEnd: Date; cancelAtPeriodEnd: boolean }): string | null {
  return member.cancelAtPeriodEnd ? member.currentPeriodEnd.toISOString().slice(0, 10) : null;
}

/** What a covered visit costs the member (decision 022): all of price and surcharge off, and no service fee. */
export function coveredVisitAdjustments(priceAndSurchargeCents: number): PriceAdjustments {
  return { discountCents: priceAndSurchargeCents, waiveServiceFee: true };
}

/**
 * The plan's covered visit limit when its categories include the service's and the service's own price fits under it
 * (what a rhythm may choose: visit-rhythm-service.ts); null when the plan does not cover the service.
 */
export async function coveredPriceLimit(tx: Database, planId: number, serviceId: number): Promise<number | null> {
  const [covered] = await tx
    .select({ limitCents: membershipPlans.coveredPriceLimitCents })
    .from(services)
    .innerJoin(
      membershipPlanCategories,
      and(eq(membershipPlanCategories.categoryId, services.categoryId), eq(membershipPlanCategories.planId, planId)),
    )
    .innerJoin(membershipPlans, and(eq(membershipPlans.id, planId), lte(services.priceCents, membershipPlans.coveredPriceLimitCents)))
    .where(eq(services.id, serviceId));
  return covered?.limitCents ?? null;
}

/**
 * What a member's plan takes off a booking they make themselves (issue 36, as Spiffy and Washos do): a visit the plan
 * covers (an active plan, a service of its categories whose price and surcharge fit under its limit, a visit left
 * for the day's period and none booked that day) costs nothing and pays no fee; otherwise the plan's discount on price
 * and surcharge. The booking page's quote and the booking itself ask this one function.
 */
export async function memberPriceFor(
  tx: Database,
  customerId: number,
  booking: { serviceId: number; date: string; priceAndSurchargeCents: number },
  { lock = false } = {},
): Promise<MemberPrice> {
  const query = tx
    .select({
      ...coverColumns,
      included: membershipPlans.includedVisitsPerMonth,
      discountBasisPoints: membershipPlans.discountBasisPoints,
    })
    .from(memberships)
    .innerJoin(membershipPlans, eq(membershipPlans.id, memberships.planId))
    .where(and(eq(memberships.customerId, customerId), inArray(memberships.status, [...discountedStatuses])));
  // Booking holds the membership row: of two covered bookings racing for the last visit, the second counts the first.
  const [member] = await (lock ? query.for('update', { of: memberships }) : query);
  if (!member) return noPlan;
  if (await coversVisit(tx, member, booking)) {
    return {
      adjustments: coveredVisitAdjustments(booking.priceAndSurchargeCents),
      membershipId: member.id,
      coversVisit: true,
    };
  }
  return planDiscount(member, booking.priceAndSurchargeCents);
}

/** The plan's discount on price and surcharge, rounded down: never a cent more than the plan promises. */
function planDiscount(member: { id: number; discountBasisPoints: number }, priceAndSurchargeCents: number): MemberPrice {
  const discountCents = Math.floor((priceAndSurchargeCents * member.discountBasisPoints) / 10_000);
  return discountCents > 0 ? { adjustments: { discountCents }, membershipId: member.id, coversVisit: false } : noPlan;
}

async function coversVisit(
  tx: Database,
  member: { id: number; planId: number; status: string; currentPeriodEnd: Date; cancelAtPeriodEnd: boolean; included: number },
  booking: { serviceId: number; date: string; priceAndSurchargeCents: number },
): Promise<boolean> {
  // A past-due plan still discounts while renewals are retried, but covers nothing Glossly has not been paid for.
  if (member.status !== 'active') return false;
  const endDay = planEndDay(member);
  if (endDay !== null && booking.date >= endDay) return false;
  const limitCents = await coveredPriceLimit(tx, member.planId, booking.serviceId);
  if (limitCents === null || booking.priceAndSurchargeCents > limitCents) return false;
  // One covered visit a day (membership_visits is unique on the membership and the day).
  const [sameDay] = await tx
    .select({ id: membershipVisits.id })
    .from(membershipVisits)
    .where(and(eq(membershipVisits.membershipId, member.id), eq(membershipVisits.dueOn, booking.date)));
  if (sameDay) return false;
  return hasVisitLeft(tx, member, member.included, booking.date);
}

/** The plan's discount alone (a booking awaiting payment whose promo code comes off gets it back). */
export async function memberPriceAdjustments(tx: Database, customerId: number, priceAndSurchargeCents: number): Promise<MemberPrice> {
  const [member] = await tx
    .select({ id: memberships.id, discountBasisPoints: membershipPlans.discountBasisPoints })
    .from(memberships)
    .innerJoin(membershipPlans, eq(membershipPlans.id, memberships.planId))
    .where(and(eq(memberships.customerId, customerId), inArray(memberships.status, [...discountedStatuses])));
  return member ? planDiscount(member, priceAndSurchargeCents) : noPlan;
}
