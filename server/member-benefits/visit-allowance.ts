import { and, eq, gte, inArray, isNotNull, lt, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { bookings, membershipPlans, memberships, membershipVisits } from '../db/schema.ts';

import { endedWithoutWorkStatuses } from '@core/domain/booking-status.ts';

/** The calendar date (UTC) a period boundary falls on, comparable with a visit's due date (YYYY-MM-DD). */
function dayOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/**
 * How many covered visits the member has left in their current period: the plan's included visits minus the
 * visits whose due date falls in the period and whose booking still stands. Skipped and unfilled visits hold no
 * booking, so they give their visit back.
 */
export async function visitsLeftThisPeriod(db: Database, membershipId: number): Promise<number> {
  const [member] = await db
    .select({
      included: membershipPlans.includedVisitsPerMonth,
      periodStart: memberships.currentPeriodStart,
      periodEnd: memberships.currentPeriodEnd,
    })
    .from(memberships)
    .innerJoin(membershipPlans, eq(membershipPlans.id, memberships.planId))
    .where(eq(memberships.id, membershipId));
  if (!member) return 0;
  const [used] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(membershipVisits)
    .innerJoin(bookings, eq(bookings.id, membershipVisits.bookingId))
    .where(
      and(
        eq(membershipVisits.membershipId, membershipId),
        isNotNull(membershipVisits.bookingId),
        inArray(membershipVisits.status, ['booked', 'needs_confirmation']),
        // A covered visit stops counting against the month once its booking ends without the work being done.
        notInArray(bookings.status, [...endedWithoutWorkStatuses]),
        gte(membershipVisits.dueOn, dayOf(member.periodStart)),
        lt(membershipVisits.dueOn, dayOf(member.periodEnd)),
      ),
    );
  return Math.max(0, member.included - (used?.count ?? 0));
}

/** Visits due after the current period are the next period's: they count against a fresh allowance. */
export async function hasVisitLeft(tx: Database, membership: { id: number; currentPeriodEnd: Date }, included: number, dueOn: string) {
  if (dueOn >= dayOf(membership.currentPeriodEnd)) return included > 0;
  return (await visitsLeftThisPeriod(tx, membership.id)) > 0;
}
