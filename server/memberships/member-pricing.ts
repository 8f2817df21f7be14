import { and, eq, inArray } from 'drizzle-orm';
import type { PriceAdjustments } from '@core/domain/pricing.ts';
import type { Database } from '../db/client.ts';
import { membershipPlans, memberships } from '../db/schema.ts';

/** Members whose plan's discount applies: active, or past_due while renewals are retried (decision 022). */
const discountedStatuses = ['active', 'past_due'] as const;

/**
 * What a member's plan takes off a booking they make themselves: the plan's discount on price and surcharge.
 * Covered visits (discount of all of it, fee waived) are booked by the visit scheduler, not here.
 */
export async function memberPriceAdjustments(
  tx: Database,
  customerId: number,
  priceAndSurchargeCents: number,
): Promise<{ adjustments: PriceAdjustments; membershipId: number | null }> {
  const [member] = await tx
    .select({ id: memberships.id, discountBasisPoints: membershipPlans.discountBasisPoints })
    .from(memberships)
    .innerJoin(membershipPlans, eq(membershipPlans.id, memberships.planId))
    .where(and(eq(memberships.customerId, customerId), inArray(memberships.status, [...discountedStatuses])));
  if (!member || member.discountBasisPoints === 0) return { adjustments: {}, membershipId: null };
  // Rounded down: a member never pays a cent less than the plan promises more than once.
  const discountCents = Math.floor((priceAndSurchargeCents * member.discountBasisPoints) / 10_000);
  return discountCents > 0 ? { adjustments: { discountCents }, membershipId: member.id } : { adjustments: {}, membershipId: null };
}
