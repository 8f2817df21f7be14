import { and, desc, eq, ne } from 'drizzle-orm';
import { notFound } from '@core/errors.ts';
import type { Membership } from '@core/schemas/memberships.ts';
import type { Database } from '../db/client.ts';
import { membershipInvoices, membershipPlans, memberships } from '../db/schema.ts';
import { requireUser, type Actor } from '../identity/access.ts';
import { visitsLeftThisPeriod } from '../member-benefits/visit-allowance.ts';
import { toPlans } from './plan-service.ts';

export type MembershipRow = typeof memberships.$inferSelect;

export const membershipNotFoundMessage = 'Membership not found';

/** The caller's own membership; anyone else's answers the same 404 as one that does not exist. */
export async function ownMembership(db: Database, actor: Actor, id: number): Promise<MembershipRow> {
  const user = requireUser(actor);
  const [row] = await db.select().from(memberships).where(eq(memberships.id, id));
  if (!row || row.customerId !== user.id) throw notFound(membershipNotFoundMessage);
  return row;
}

/** The customer's membership that is not canceled (at most one: memberships_one_live_per_customer). */
export async function liveMembership(db: Database, customerId: number): Promise<MembershipRow | undefined> {
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.customerId, customerId), ne(memberships.status, 'canceled')));
  return row;
}

function nextBillingAt(row: MembershipRow): string | null {
  if (row.status === 'canceled' || row.status === 'incomplete' || row.cancelAtPeriodEnd) return null;
  if (row.status === 'past_due') return row.nextRetryAt?.toISOString() ?? null;
  return row.currentPeriodEnd.toISOString();
}

/** A membership as My Subscription shows it: plan, status, dates, visits left, billing history (newest first). */
export async function toMembership(db: Database, id: number): Promise<Membership> {
  const [row] = await db.select().from(memberships).where(eq(memberships.id, id));
  const [planRow] = await db.select().from(membershipPlans).where(eq(membershipPlans.id, row!.planId));
  const [plan] = await toPlans(db, [planRow!]);
  const [nextPlan] = row!.nextPlanId
    ? await db
        .select({ id: membershipPlans.id, name: membershipPlans.name, monthlyPriceCents: membershipPlans.monthlyPriceCents })
        .from(membershipPlans)
        .where(eq(membershipPlans.id, row!.nextPlanId))
    : [];
  const invoices = await db
    .select()
    .from(membershipInvoices)
    .where(eq(membershipInvoices.membershipId, id))
    .orderBy(desc(membershipInvoices.createdAt), desc(membershipInvoices.id));
  return {
    id: row!.id,
    status: row!.status,
    gateway: row!.gateway,
    plan: plan!,
    currentPeriodStart: row!.currentPeriodStart.toISOString(),
    currentPeriodEnd: row!.currentPeriodEnd.toISOString(),
    nextBillingAt: nextBillingAt(row!),
    cancelAtPeriodEnd: row!.cancelAtPeriodEnd,
    nextPlan: nextPlan ?? null,
    canceledAt: row!.canceledAt?.toISOString() ?? null,
    failedAttempts: row!.failedAttempts,
    visitsLeftThisPeriod: row!.status === 'canceled' ? 0 : await visitsLeftThisPeriod(db, row!.id),
    invoices: invoices.map((invoice) => ({
      id: invoice.id,
      kind: invoice.kind,
      periodStart: invoice.periodStart.toISOString(),
      periodEnd: invoice.periodEnd.toISOString(),
      amountCents: invoice.amountCents,
      status: invoice.status,
      failureMessage: invoice.failureMessage,
      paidAt: invoice.paidAt?.toISOString() ?? null,
      createdAt: invoice.createdAt.toISOString(),
    })),
  };
}
