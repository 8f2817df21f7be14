import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addBillingMonths, nextRetryAt } from '@core/domain/membership-billing.ts';
import { formatUsd } from '@core/domain/money.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { membershipInvoices, membershipPlans, memberships, users } from '../db/schema.ts';
import { startIntervalJob } from '../jobs/interval-job.ts';
import { notify } from '../notifications/notification-service.ts';
import { GatewayError } from '../payments/gateways/gateway.ts';
import type { ChargeOutcome } from './billing/billing-gateway.ts';
import type { MembershipRow } from './membership-view.ts';

/**
 * The built-in gateway's renewals (decision 022): each membership whose period ended is billed once for the next
 * period (membership_invoices_one_per_period: the instance whose insert wins bills it); a refusal makes it past_due
 * and it is tried again on days 1, 3 and 5 after the period's end (each retry claimed by a conditional update of
 * next_retry_at), then canceled. cancel_at_period_end ends it at the period's end instead. Stripe renews its own;
 * under Stripe Billing, a membership the built-in gateway started ends with its period (endUnbillableMemberships).
 * A renewal a pass took and never settled (the process stopped between the claim and the charge's answer) is taken
 * again by a later pass; the charge is idempotent per invoice attempt, so a charge that did go through is found, not
 * made twice.
 */

/**
 * Only an owner who can still sign in (to cancel, or to change the card) is billed: a deleted or disabled account's
 * membership ends with it (membership-closing.ts), and one left over from before that is never charged.
 */
const ownerMayPay = and(eq(users.id, memberships.customerId), isNull(users.deletedAt), eq(users.isDisabled, false));

export type RenewalPassResult = { renewed: number; failed: number; canceled: number };

/** How long a claimed renewal may stay open before a pass takes it as abandoned; a charge answers in seconds. */
export const abandonedRenewalAfterMs = 10 * 60_000;

const authenticationNeeded = 'Your bank asked to confirm this payment, which cannot be done for a renewal. Please use another card.';

export async function runRenewalPass(ctx: AppContext, now: Date): Promise<RenewalPassResult> {
  const result: RenewalPassResult = { renewed: 0, failed: 0, canceled: 0 };
  if (ctx.membershipBilling.renewsItself) {
    result.canceled = await endUnbillableMemberships(ctx, now);
    return result;
  }
  const due = await ctx.db
    .select({ membership: memberships })
    .from(memberships)
    .innerJoin(users, ownerMayPay)
    .where(
      and(
        eq(memberships.gateway, 'test'),
        or(
          and(eq(memberships.status, 'active'), lte(memberships.currentPeriodEnd, now)),
          and(eq(memberships.status, 'past_due'), lte(memberships.nextRetryAt, now)),
        ),
      ),
    );
  for (const { membership: row } of due) {
    const outcome = await renewOne(ctx, row, now);
    if (outcome) result[outcome]++;
  }
  for (const outcome of await retakeAbandonedRenewals(ctx, now)) result[outcome]++;
  return result;
}

/**
 * The renewals of this period still open long after a pass claimed them: each is claimed again (a conditional update
 * of claimed_at, so one pass takes it) and charged with the same attempt.
 */
async function retakeAbandonedRenewals(ctx: AppContext, now: Date): Promise<(keyof RenewalPassResult)[]> {
  const abandoned = await ctx.db
    .select({ membership: memberships, invoice: membershipInvoices })
    .from(membershipInvoices)
    .innerJoin(memberships, eq(memberships.id, membershipInvoices.membershipId))
    .innerJoin(users, ownerMayPay)
    .where(
      and(
        eq(memberships.gateway, 'test'),
        inArray(memberships.status, ['active', 'past_due']),
        eq(membershipInvoices.kind, 'renewal'),
        eq(membershipInvoices.status, 'open'),
        eq(membershipInvoices.periodStart, memberships.currentPeriodEnd),
        lte(membershipInvoices.claimedAt, new Date(now.getTime() - abandonedRenewalAfterMs)),
      ),
    );
  const outcomes: (keyof RenewalPassResult)[] = [];
  for (const { membership, invoice } of abandoned) {
    const [claimed] = await ctx.db
      .update(membershipInvoices)
      .set({ claimedAt: now })
      .where(
        and(
          eq(membershipInvoices.id, invoice.id),
          eq(membershipInvoices.status, 'open'),
          eq(membershipInvoices.claimedAt, invoice.claimedAt),
        ),
      )
      .returning();
    if (claimed) outcomes.push(await chargeRenewal(ctx, membership, await renewalPlan(ctx, membership), claimed, now));
  }
  return outcomes;
}

/**
 * Under Stripe Billing the built-in gateway charges nothing real: a membership it started (before the switch) ends
 * with the period it paid for instead of going on unbilled, and the member is asked to subscribe again.
 */
async function endUnbillableMemberships(ctx: AppContext, now: Date): Promise<number> {
  const due = await ctx.db
    .select()
    .from(memberships)
    .where(
      and(eq(memberships.gateway, 'test'), inArray(memberships.status, ['active', 'past_due']), lte(memberships.currentPeriodEnd, now)),
    );
  let ended = 0;
  for (const row of due) {
    const message =
      'Your membership ended with the period you paid for: memberships are now billed by our card provider. Subscribe again to keep your benefits.';
    if (await endMembership(ctx, row, now, 'Membership ended', message, { onlyIfAsked: false })) ended++;
  }
  return ended;
}

/** Cancels the membership now and tells the member; by default only one whose member asked (cancel at period end). */
async function endMembership(
  ctx: AppContext,
  row: MembershipRow,
  now: Date,
  title: string,
  message: string,
  { onlyIfAsked = true } = {},
): Promise<boolean> {
  return ctx.transaction(async (txCtx) => {
    const [ended] = await txCtx.db
      .update(memberships)
      .set({ status: 'canceled', canceledAt: now, nextRetryAt: null, updatedAt: now })
      .where(
        and(
          eq(memberships.id, row.id),
          inArray(memberships.status, ['active', 'past_due']),
          onlyIfAsked ? eq(memberships.cancelAtPeriodEnd, true) : undefined,
        ),
      )
      .returning({ id: memberships.id });
    if (ended) await notify(txCtx, { userId: row.customerId, type: 'payment', title, message, entityId: '' });
    return Boolean(ended);
  });
}

/** Claims this period's renewal (a new invoice, or the next retry of the failed one) and charges it once. */
async function renewOne(ctx: AppContext, row: MembershipRow, now: Date): Promise<keyof RenewalPassResult | null> {
  const { db } = ctx;
  if (row.cancelAtPeriodEnd) {
    const ended = await endMembership(ctx, row, now, 'Membership ended', 'Your membership ended at the end of its period, as you asked.');
    return ended ? 'canceled' : null;
  }
  const plan = await renewalPlan(ctx, row);
  let invoice;
  if (row.status === 'active') {
    [invoice] = await db
      .insert(membershipInvoices)
      .values({
        membershipId: row.id,
        kind: 'renewal',
        periodStart: row.currentPeriodEnd,
        periodEnd: addBillingMonths(row.currentPeriodEnd, 1, row.billingDay),
        amountCents: plan.monthlyPriceCents,
        attempts: 1,
        createdAt: now,
        claimedAt: now,
      })
      .onConflictDoNothing()
      .returning();
  } else {
    invoice = await claimRenewalRetry(db, row, now);
  }
  // Another instance holds this renewal.
  if (!invoice) return null;
  return chargeRenewal(ctx, row, plan, invoice, now);
}

type InvoiceRow = typeof membershipInvoices.$inferSelect;

/**
 * Claims the next try of a past-due membership's renewal invoice, counting the attempt: null when another pass (or
 * the member's new card) holds it. The conditional update of next_retry_at lets only one of them charge.
 */
export async function claimRenewalRetry(db: Database, row: MembershipRow, now: Date): Promise<InvoiceRow | null> {
  if (row.nextRetryAt === null) return null;
  const [claimed] = await db
    .update(memberships)
    .set({ nextRetryAt: null, updatedAt: now })
    .where(and(eq(memberships.id, row.id), eq(memberships.status, 'past_due'), eq(memberships.nextRetryAt, row.nextRetryAt)))
    .returning({ id: memberships.id });
  if (!claimed) return null;
  const [invoice] = await db
    .update(membershipInvoices)
    .set({ attempts: sql`${membershipInvoices.attempts} + 1`, status: 'open', claimedAt: now })
    .where(
      and(
        eq(membershipInvoices.membershipId, row.id),
        eq(membershipInvoices.kind, 'renewal'),
        eq(membershipInvoices.periodStart, row.currentPeriodEnd),
      ),
    )
    .returning();
  return invoice ?? null;
}

/** Charges one attempt of a claimed invoice on a card; a gateway's refusal is a failed attempt, not an error. */
export async function chargeInvoiceAttempt(
  billing: AppContext['membershipBilling'],
  invoice: InvoiceRow,
  paymentMethodRef: string,
): Promise<ChargeOutcome> {
  try {
    return await billing.chargeInvoice({
      invoiceId: invoice.id,
      attempt: invoice.attempts,
      membershipId: invoice.membershipId,
      amountCents: invoice.amountCents,
      paymentMethodRef,
    });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    return { status: 'failed', ref: `failed_${invoice.id}_${invoice.attempts}`, errorMessage: error.message };
  }
}

/** The plan a renewal bills: a downgrade chosen during the period starts with it. */
async function renewalPlan(ctx: AppContext, row: MembershipRow): Promise<typeof membershipPlans.$inferSelect> {
  const [plan] = await ctx.db
    .select()
    .from(membershipPlans)
    .where(eq(membershipPlans.id, row.nextPlanId ?? row.planId));
  return plan!;
}

/** Charges a claimed renewal invoice's current attempt and settles the membership by the answer. */
async function chargeRenewal(
  ctx: AppContext,
  row: MembershipRow,
  plan: typeof membershipPlans.$inferSelect,
  invoice: typeof membershipInvoices.$inferSelect,
  now: Date,
): Promise<keyof RenewalPassResult> {
  const outcome = await chargeInvoiceAttempt(ctx.membershipBilling, invoice, row.paymentMethodRef ?? '');
  return ctx.transaction(async (txCtx) => {
    const tx = txCtx.db;
    if (outcome.status === 'paid') {
      await applyRenewalPaid(txCtx, row, invoice, outcome.ref, now);
      return 'renewed';
    }
    const message = outcome.status === 'requires_action' ? authenticationNeeded : (outcome.errorMessage ?? 'Your card was declined.');
    await tx.update(membershipInvoices).set({ status: 'failed', failureMessage: message }).where(eq(membershipInvoices.id, invoice.id));
    const retryAt = nextRetryAt(row.currentPeriodEnd, invoice.attempts);
    if (retryAt === null) {
      await tx
        .update(memberships)
        .set({ status: 'canceled', canceledAt: now, failedAttempts: Math.min(4, invoice.attempts), nextRetryAt: null, updatedAt: now })
        .where(eq(memberships.id, row.id));
      await notify(txCtx, {
        userId: row.customerId,
        type: 'payment',
        title: 'Membership canceled',
        message: `We could not charge your card for ${plan.name} after several tries, so your membership has ended.`,
        entityId: '',
      });
      return 'canceled';
    }
    await tx
      .update(memberships)
      .set({ status: 'past_due', failedAttempts: invoice.attempts, nextRetryAt: retryAt, updatedAt: now })
      .where(eq(memberships.id, row.id));
    await notify(txCtx, {
      userId: row.customerId,
      type: 'payment',
      title: 'Membership payment failed',
      message: `We could not charge ${formatUsd(invoice.amountCents)} for ${plan.name}: ${message} We will try again.`,
      entityId: '',
    });
    return 'failed';
  });
}

/**
 * A renewal invoice paid (by the job or by a member's new card): the next period starts, on the plan waiting for
 * it if any (next_plan_id is then cleared).
 */
export async function applyRenewalPaid(
  txCtx: AppContext,
  row: MembershipRow,
  invoice: typeof membershipInvoices.$inferSelect,
  ref: string,
  now: Date,
): Promise<void> {
  const tx = txCtx.db;
  const planId = row.nextPlanId ?? row.planId;
  const [plan] = await tx.select().from(membershipPlans).where(eq(membershipPlans.id, planId));
  await tx
    .update(membershipInvoices)
    .set({ status: 'paid', paidAt: now, gatewayRef: ref, failureMessage: null })
    .where(eq(membershipInvoices.id, invoice.id));
  await tx
    .update(memberships)
    .set({
      status: 'active',
      planId,
      nextPlanId: null,
      currentPeriodStart: invoice.periodStart,
      currentPeriodEnd: invoice.periodEnd,
      failedAttempts: 0,
      nextRetryAt: null,
      updatedAt: now,
    })
    .where(eq(memberships.id, row.id));
  await notify(txCtx, {
    userId: row.customerId,
    type: 'payment',
    title: 'Membership renewed',
    message: `Your card was charged ${formatUsd(invoice.amountCents)} for another month of ${plan!.name}.`,
    entityId: '',
  });
}

/** Renewals are looked for every minute; the database makes a second instance's pass harmless. */
export function startMembershipRenewalJob(app: FastifyInstance): void {
  startIntervalJob(app, 'membership renewals', 60_000, runRenewalPass, (r) => r.renewed + r.failed + r.canceled > 0);
}
