import { and, eq } from 'drizzle-orm';
import { badRequest, conflict } from '@core/errors.ts';
import { addBillingMonths } from '@core/domain/membership-billing.ts';
import { formatUsd } from '@core/domain/money.ts';
import type { MyMembership, SubscribeInput, SubscribeResult } from '@core/schemas/memberships.ts';
import type { AppContext } from '../context.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { membershipInvoices, membershipPlans, memberships } from '../db/schema.ts';
import { requireRole, requireUser, type Actor } from '../identity/access.ts';
import { notify } from '../notifications/notification-service.ts';
import { GatewayError } from '../payments/gateways/gateway.ts';
import { ownSavedCardRef } from '../payments/saved-card-service.ts';
import type { ChargeOutcome } from './billing/billing-gateway.ts';
import { liveMembership, ownMembership, toMembership } from './membership-view.ts';
import { planOnSale } from './plan-service.ts';

/** Subscribing and My Subscription (issue 18, decision 022). */

export const alreadyMemberMessage = 'You already have a membership. Change your plan from My Subscription.';
export const notAwaitingConfirmationMessage = 'This membership is not waiting for a payment confirmation.';

/** GET /api/memberships/me: the caller's membership that is not canceled, or null (My Subscription's empty state). */
export async function getMyMembership(ctx: AppContext, actor: Actor): Promise<MyMembership> {
  const user = requireUser(actor);
  const live = await liveMembership(ctx.db, user.id);
  return { membership: live ? await toMembership(ctx.db, live.id) : null };
}

/** The card renewals will charge: one of the caller's saved cards, or the typed card kept with the gateway. */
export async function paymentMethodRef(
  ctx: AppContext,
  customerId: number,
  input: Pick<SubscribeInput, 'card' | 'paymentMethodId'>,
): Promise<string> {
  if (input.paymentMethodId !== undefined) return ownSavedCardRef(ctx.db, customerId, input.paymentMethodId);
  if (!ctx.gateway.createPaymentMethod) throw badRequest('Cards are saved with the payment provider for this payment method');
  try {
    return (await ctx.gateway.createPaymentMethod(input.card!)).ref;
  } catch (error) {
    if (error instanceof GatewayError) throw badRequest(error.message, { card: error.message });
    throw error;
  }
}

/**
 * The first charge's outcome applied: paid starts the membership (active), a bank's confirmation keeps it
 * incomplete, a refusal ends it (canceled) so the customer can try another card. Conditional on still being
 * incomplete: a replayed answer has one effect.
 */
async function applyFirstCharge(
  ctx: AppContext,
  membershipId: number,
  invoiceId: number,
  outcome: ChargeOutcome,
  now: Date,
): Promise<void> {
  await ctx.transaction(async (txCtx) => {
    const tx = txCtx.db;
    const [row] = await tx.select().from(memberships).where(eq(memberships.id, membershipId)).for('update');
    if (!row || row.status !== 'incomplete') return;
    if (outcome.status === 'paid') {
      await tx
        .update(membershipInvoices)
        .set({ status: 'paid', paidAt: now, gatewayRef: outcome.ref, failureMessage: null })
        .where(eq(membershipInvoices.id, invoiceId));
      await tx.update(memberships).set({ status: 'active', updatedAt: now }).where(eq(memberships.id, membershipId));
      const [plan] = await tx.select().from(membershipPlans).where(eq(membershipPlans.id, row.planId));
      await notify(txCtx, {
        userId: row.customerId,
        type: 'payment',
        title: 'Welcome to Glossly ' + plan!.name,
        message: `Your card was charged ${formatUsd(plan!.monthlyPriceCents)} for your first month.`,
        entityId: '',
      });
    } else if (outcome.status === 'requires_action') {
      await tx.update(membershipInvoices).set({ gatewayRef: outcome.ref }).where(eq(membershipInvoices.id, invoiceId));
    } else {
      await tx
        .update(membershipInvoices)
        .set({ status: 'failed', gatewayRef: outcome.ref, failureMessage: outcome.errorMessage })
        .where(eq(membershipInvoices.id, invoiceId));
      await tx.update(memberships).set({ status: 'canceled', canceledAt: now, updatedAt: now }).where(eq(memberships.id, membershipId));
    }
  });
}

async function result(ctx: AppContext, membershipId: number, outcome: ChargeOutcome, amountCents: number): Promise<SubscribeResult> {
  if (outcome.status === 'failed') {
    const message = outcome.errorMessage ?? 'Your card was declined.';
    throw badRequest(message, { card: message });
  }
  return { membership: await toMembership(ctx.db, membershipId), payment: { status: outcome.status, amountCents, errorMessage: null } };
}

/** A membership left waiting for the bank's confirmation (not one whose first charge is still under way). */
async function awaitsConfirmation(ctx: AppContext, id: number, status: string): Promise<boolean> {
  if (status !== 'incomplete') return false;
  const [first] = await ctx.db
    .select({ gatewayRef: membershipInvoices.gatewayRef, status: membershipInvoices.status })
    .from(membershipInvoices)
    .where(and(eq(membershipInvoices.membershipId, id), eq(membershipInvoices.kind, 'first')));
  return first?.status === 'open' && first.gatewayRef !== null;
}

/**
 * POST /api/memberships: customers only. Charges the first month now; the period is one month from now and the
 * billing day is today's (UTC). One live membership per customer: the partial unique index decides between
 * two concurrent requests, the loser gets 409. A membership left waiting for the bank's confirmation is given
 * up when the customer starts again.
 */
export async function subscribe(ctx: AppContext, actor: Actor, now: Date, input: SubscribeInput): Promise<SubscribeResult> {
  const user = requireRole(actor, 'customer');
  const { db } = ctx;
  const plan = await planOnSale(db, input.planId);
  const billing = ctx.membershipBilling;
  const live = await liveMembership(db, user.id);
  if (live && !(await awaitsConfirmation(ctx, live.id, live.status))) throw conflict(alreadyMemberMessage);
  const cardRef = await paymentMethodRef(ctx, user.id, input);
  if (live) {
    await db
      .update(memberships)
      .set({ status: 'canceled', canceledAt: now, updatedAt: now })
      .where(and(eq(memberships.id, live.id), eq(memberships.status, 'incomplete')));
    if (live.gatewayRef) await billing.cancelNow(live.gatewayRef).catch(() => undefined);
  }
  const billingDay = now.getUTCDate();
  const periodEnd = addBillingMonths(now, 1, billingDay);
  let created;
  try {
    created = await db.transaction(async (tx) => {
      const [membership] = await tx
        .insert(memberships)
        .values({
          customerId: user.id,
          planId: plan.id,
          status: 'incomplete',
          gateway: billing.kind,
          paymentMethodRef: cardRef,
          billingDay,
          currentPeriodStart: now,
          currentPeriodEnd: periodEnd,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const [invoice] = await tx
        .insert(membershipInvoices)
        .values({
          membershipId: membership!.id,
          kind: 'first',
          periodStart: now,
          periodEnd,
          amountCents: plan.monthlyPriceCents,
          attempts: 1,
          createdAt: now,
        })
        .returning();
      return { membership: membership!, invoice: invoice! };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'memberships_one_live_per_customer')) throw conflict(alreadyMemberMessage);
    throw error;
  }
  const { membership, invoice } = created;
  let outcome: ChargeOutcome;
  try {
    const started = await billing.start({
      membershipId: membership.id,
      customer: { id: user.id, email: user.email, name: user.name },
      plan,
      paymentMethodRef: cardRef,
      invoiceId: invoice.id,
      amountCents: plan.monthlyPriceCents,
    });
    outcome = started.first;
    await db.update(memberships).set({ gatewayRef: started.subscriptionRef }).where(eq(memberships.id, membership.id));
    if (started.stripePriceRef && started.stripePriceRef !== plan.stripePriceRef) {
      await db.update(membershipPlans).set({ stripePriceRef: started.stripePriceRef }).where(eq(membershipPlans.id, plan.id));
    }
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    outcome = { status: 'failed', ref: `failed_${invoice.id}`, errorMessage: error.message };
  }
  await applyFirstCharge(ctx, membership.id, invoice.id, outcome, now);
  return result(ctx, membership.id, outcome, plan.monthlyPriceCents);
}

/** POST /api/memberships/:id/authenticate: the bank's answer for a first charge that asked for it (built-in gateway). */
export async function authenticateFirstCharge(
  ctx: AppContext,
  actor: Actor,
  now: Date,
  id: number,
  approve: boolean,
): Promise<SubscribeResult> {
  const row = await ownMembership(ctx.db, actor, id);
  const [invoice] = await ctx.db
    .select()
    .from(membershipInvoices)
    .where(and(eq(membershipInvoices.membershipId, row.id), eq(membershipInvoices.kind, 'first')));
  if (row.status !== 'incomplete' || !invoice?.gatewayRef || invoice.status !== 'open') throw conflict(notAwaitingConfirmationMessage);
  let outcome: ChargeOutcome;
  try {
    outcome = await ctx.membershipBilling.authenticate(invoice.gatewayRef, approve);
  } catch (error) {
    if (error instanceof GatewayError) throw badRequest(error.message);
    throw error;
  }
  await applyFirstCharge(ctx, row.id, invoice.id, outcome, now);
  return result(ctx, row.id, outcome, invoice.amountCents);
}
