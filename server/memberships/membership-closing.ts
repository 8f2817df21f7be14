import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { memberships } from '../db/schema.ts';

/**
 * Ends at once every membership of an account that is being deleted or disabled: its owner can no longer sign in to
 * cancel, so nothing may renew. Runs inside the caller's transaction (`ctx.db` is it): the rows are ended, and any
 * subscription the billing gateway renews itself (Stripe) is cancelled there before the transaction commits; should
 * the gateway fail, the whole deletion or disabling is refused and nothing changes.
 */
export async function endMembershipsOfClosedAccount(
  ctx: Pick<AppContext, 'db' | 'membershipBilling'>,
  userId: number,
  now: Date,
): Promise<number> {
  const ended = await ctx.db
    .update(memberships)
    .set({ status: 'canceled', canceledAt: now, nextRetryAt: null, cancelAtPeriodEnd: false, updatedAt: now })
    .where(and(eq(memberships.customerId, userId), ne(memberships.status, 'canceled')))
    .returning({ gateway: memberships.gateway, gatewayRef: memberships.gatewayRef });
  const billing = ctx.membershipBilling;
  for (const row of ended) {
    if (row.gatewayRef && row.gateway === billing.kind) await billing.cancelNow(row.gatewayRef);
  }
  return ended.length;
}
