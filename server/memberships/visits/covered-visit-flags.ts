import { and, eq, gt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { bookings, coveredVisitFlags, detailers, membershipPlans, memberships, users } from '../../db/schema.ts';
import { platformDate } from '../../platform/platform-date.ts';
import { notifyAdmins } from '../../notifications/notification-service.ts';
import { isCoveredVisit } from '../../member-benefits/covered-visit.ts';

/** How far back a pair's completed covered visits are counted (decision 043). */
export const coveredVisitFlagDays = 30;
export const coveredVisitFlagTitle = 'Covered visits to check';

/**
 * Flags each detailer and member who completed more covered visits in the last 30 days than the member's plan
 * includes a month (the largest, if their visits came under several plans): Glossly pays the detailer for each, and a
 * detailer serving their own member account, or a pair inventing visits, shows first as visits more frequent than
 * any plan allows. Each active admin is told, once per pair per month: the flag's unique (detailer, member, month)
 * row is written in the same transaction as the notices, so two instances' passes tell them once.
 */
export async function flagFrequentCoveredVisits(ctx: AppContext, now: Date): Promise<{ flagged: number }> {
  const since = new Date(now.getTime() - coveredVisitFlagDays * 24 * 3_600_000);
  const period = platformDate(ctx, now).slice(0, 7);
  const visitCount = sql<number>`count(*)::int`;
  const included = sql<number>`max(${membershipPlans.includedVisitsPerMonth})::int`;
  const pairs = await ctx.db
    .select({
      detailerId: bookings.detailerId,
      customerId: bookings.customerId,
      businessName: detailers.businessName,
      memberName: users.name,
      visitCount,
      included,
    })
    .from(bookings)
    .innerJoin(memberships, eq(memberships.id, bookings.membershipId))
    .innerJoin(membershipPlans, eq(membershipPlans.id, memberships.planId))
    .innerJoin(detailers, eq(detailers.id, bookings.detailerId))
    .innerJoin(users, eq(users.id, bookings.customerId))
    .where(and(eq(bookings.status, 'completed'), isCoveredVisit, gt(sql`coalesce(${bookings.completedAt}, ${bookings.updatedAt})`, since)))
    .groupBy(bookings.detailerId, bookings.customerId, detailers.businessName, users.name)
    .having(sql`${visitCount} > ${included}`);
  let flagged = 0;
  for (const pair of pairs) {
    await ctx.transaction(async (tx) => {
      const [flag] = await tx.db
        .insert(coveredVisitFlags)
        .values({
          detailerId: pair.detailerId,
          customerId: pair.customerId,
          period,
          visitCount: pair.visitCount,
          includedVisitsPerMonth: pair.included,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: coveredVisitFlags.id });
      if (!flag) return;
      flagged += 1;
      await notifyAdmins(tx, {
        type: 'alert',
        title: coveredVisitFlagTitle,
        message: `${pair.businessName} completed ${pair.visitCount} covered visits for ${pair.memberName} in the last ${coveredVisitFlagDays} days; their plan includes ${pair.included} a month. Glossly pays the detailer for each: check these visits happened.`,
        entityId: String(pair.detailerId),
      });
    });
  }
  return { flagged };
}
