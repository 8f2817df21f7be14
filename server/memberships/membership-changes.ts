import { and, eq, inArray } from 'drizzle-orm';
import { badRequest, conflict } from '@core/errors.ts';
import { prorationCents } from '@core/domain/membership-billing.ts';
import type { Membership } from '@core/schemas/memberships.ts';
import type { AppContext } from '../context.ts';
import { membershipInvoices, membershipPlans, memberships } from '../db/schema.ts';
import type { Actor } from '../identity/access.ts';
import { GatewayError } from '../payments/gateways/gateway.ts';
import { ownMembership, toMembership, type MembershipRow } from './membership-view.ts';
import { planOnSale } from './plan-service.ts';

/** Change plan, cancel at period end, resume: My Subscription's buttons (issue 18). */

export const samePlanMessage = 'You are already on this plan.';
export const notActiveMessage = 'Only an active membership can change plans. Please settle the last payment first.';
export const alreadyCancelingMessage = 'Your membership already ends at the end of this period.';
export const notCancelingMessage = 'Your membership is not set to end.';
export const membershipEndedMessage = 'This membership has ended.';
export const downgradeWaitingMessage = 'Your membership already changes to this plan at the end of this period.';
export const changedMeanwhileMessage = 'Your membership changed meanwhile. Please check it and try again.';

function mustBeLive(row: MembershipRow): void {
  if (row.status === 'canceled' || row.status === 'incomplete') throw conflict(membershipEndedMessage);
}

function gatewayProblem(error: unknown): never {
  if (error instanceof GatewayError) throw badRequest(error.message);
  throw error;
}

/**
 * POST /api/memberships/:id/change-plan. An upgrade charges the difference for what is left of the period now
 * (invoice 'proration'), takes effect at once and drops any downgrade waiting. A downgrade waits for the period's
 * end (next_plan_id, no charge, no refund): the renewal moves the membership and bills the lower price. Choosing the
 * current plan again keeps it (the waiting downgrade is dropped). Stripe Billing still switches at once.
 * The plan moves only if nobody moved it meanwhile (conditional on the plan read).
 */
export async function changePlan(ctx: AppContext, actor: Actor, now: Date, id: number, planId: number): Promise<Membership> {
  const { db } = ctx;
  const row = await ownMembership(db, actor, id);
  mustBeLive(row);
  if (row.planId === planId) {
    if (row.nextPlanId === null) throw conflict(samePlanMessage);
    await db
      .update(memberships)
      .set({ nextPlanId: null, updatedAt: now })
      .where(and(eq(memberships.id, row.id), eq(memberships.planId, row.planId)));
    return toMembership(db, row.id);
  }
  if (row.status !== 'active') throw conflict(notActiveMessage);
  const target = await planOnSale(db, planId);
  const [current] = await db.select().from(membershipPlans).where(eq(membershipPlans.id, row.planId));
  const owed = prorationCents(current!.monthlyPriceCents, target.monthlyPriceCents, row.currentPeriodStart, row.currentPeriodEnd, now);
  const billing = ctx.membershipBilling;
  if (target.monthlyPriceCents < current!.monthlyPriceCents && !billing.renewsItself) {
    if (row.nextPlanId === target.id) throw conflict(downgradeWaitingMessage);
    const [waiting] = await db
      .update(memberships)
      .set({ nextPlanId: target.id, updatedAt: now })
      .where(and(eq(memberships.id, row.id), eq(memberships.planId, row.planId), eq(memberships.status, 'active')))
      .returning({ id: memberships.id });
    if (!waiting) throw conflict(changedMeanwhileMessage);
    return toMembership(db, row.id);
  }
  // The plan moves first, conditional on the plan read: of upgrades asked for at the same moment only one moves it,
  // and only that one charges (each used to charge, then all but one answered 409). A refused charge moves it back.
  const [moved] = await db
    .update(memberships)
    .set({ planId: target.id, nextPlanId: null, updatedAt: now })
    .where(and(eq(memberships.id, row.id), eq(memberships.planId, row.planId), eq(memberships.status, 'active')))
    .returning({ id: memberships.id });
  if (!moved) throw conflict(changedMeanwhileMessage);
  try {
    // Below the gateway's 50-cent minimum the difference is not worth a charge: the plan still changes.
    if (owed >= 50 && !billing.renewsItself) {
      const [invoice] = await db
        .insert(membershipInvoices)
        .values({
          membershipId: row.id,
          kind: 'proration',
          periodStart: now,
          periodEnd: row.currentPeriodEnd,
          amountCents: owed,
          attempts: 1,
          createdAt: now,
        })
        .returning();
      const outcome = await billing
        .chargeInvoice({
          invoiceId: invoice!.id,
          attempt: 1,
          membershipId: row.id,
          amountCents: owed,
          paymentMethodRef: row.paymentMethodRef ?? '',
        })
        .catch(gatewayProblem);
      if (outcome.status !== 'paid') {
        const message = outcome.errorMessage ?? 'Your card needs a confirmation we cannot ask for here. Please use another card.';
        await db
          .update(membershipInvoices)
          .set({ status: 'failed', gatewayRef: outcome.ref, failureMessage: message })
          .where(eq(membershipInvoices.id, invoice!.id));
        throw badRequest(message, { card: message });
      }
      await db
        .update(membershipInvoices)
        .set({ status: 'paid', paidAt: now, gatewayRef: outcome.ref })
        .where(eq(membershipInvoices.id, invoice!.id));
    } else if (billing.renewsItself && row.gatewayRef) {
      await billing.changePlan(row.gatewayRef, target, owed).catch(gatewayProblem);
    }
  } catch (error) {
    await db
      .update(memberships)
      .set({ planId: row.planId, nextPlanId: row.nextPlanId, updatedAt: now })
      .where(and(eq(memberships.id, row.id), eq(memberships.planId, target.id)));
    throw error;
  }
  return toMembership(db, row.id);
}

/** POST /api/memberships/:id/cancel: the membership ends at the period's end; until then everything goes on. */
export async function cancelAtPeriodEnd(ctx: AppContext, actor: Actor, now: Date, id: number): Promise<Membership> {
  return setCanceling(ctx, actor, now, id, true);
}

/** POST /api/memberships/:id/resume: takes back a cancellation before the period ends. */
export async function resumeMembership(ctx: AppContext, actor: Actor, now: Date, id: number): Promise<Membership> {
  return setCanceling(ctx, actor, now, id, false);
}

async function setCanceling(ctx: AppContext, actor: Actor, now: Date, id: number, cancel: boolean): Promise<Membership> {
  const { db } = ctx;
  const row = await ownMembership(db, actor, id);
  mustBeLive(row);
  if (row.cancelAtPeriodEnd === cancel) throw conflict(cancel ? alreadyCancelingMessage : notCancelingMessage);
  const billing = ctx.membershipBilling;
  if (billing.renewsItself && row.gatewayRef) await billing.setCancelAtPeriodEnd(row.gatewayRef, cancel).catch(gatewayProblem);
  const [changed] = await db
    .update(memberships)
    .set({ cancelAtPeriodEnd: cancel, updatedAt: now })
    .where(and(eq(memberships.id, row.id), inArray(memberships.status, ['active', 'past_due']), eq(memberships.cancelAtPeriodEnd, !cancel)))
    .returning({ id: memberships.id });
  if (!changed) throw conflict(cancel ? alreadyCancelingMessage : notCancelingMessage);
  return toMembership(db, row.id);
}
