import { and, eq } from 'drizzle-orm';
import { badRequest, conflict } from '@core/errors.ts';
import type { Membership, MembershipPaymentMethodInput } from '@core/schemas/memberships.ts';
import type { AppContext } from '../context.ts';
import { membershipInvoices, memberships } from '../db/schema.ts';
import type { Actor } from '../identity/access.ts';
import { membershipEndedMessage } from './membership-changes.ts';
import { paymentMethodRef } from './membership-service.ts';
import { ownMembership, toMembership } from './membership-view.ts';
import { applyRenewalPaid, chargeInvoiceAttempt, claimRenewalRetry } from './renewal-job.ts';

export const retryUnderWayMessage = 'Your payment is being tried right now. Please check again in a minute.';
export const providerCardMessage = 'Update your card with the payment provider for this membership.';

/**
 * POST /api/memberships/:id/payment-method: 'Update card'. The member's own saved card or a new card becomes the one
 * renewals charge. When the membership is past due, the open renewal invoice is tried again at once with it: paid
 * makes the membership active; refused keeps the old card and the retry schedule as they were (a card the member is
 * trying is not one of the four attempts). Stripe Billing keeps the card itself (not built here).
 */
export async function updatePaymentMethod(
  ctx: AppContext,
  actor: Actor,
  now: Date,
  id: number,
  input: MembershipPaymentMethodInput,
): Promise<Membership> {
  const { db } = ctx;
  const row = await ownMembership(db, actor, id);
  if (row.status === 'canceled' || row.status === 'incomplete') throw conflict(membershipEndedMessage);
  const billing = ctx.membershipBilling;
  if (billing.renewsItself) throw badRequest(providerCardMessage);
  const cardRef = await paymentMethodRef(ctx, row.customerId, input);
  if (row.status !== 'past_due') {
    await db.update(memberships).set({ paymentMethodRef: cardRef, updatedAt: now }).where(eq(memberships.id, row.id));
    return toMembership(db, row.id);
  }
  // Claimed as the job claims it, so the job and a second tap do not charge the same invoice too.
  const invoice = await claimRenewalRetry(db, row, now);
  if (!invoice) throw conflict(retryUnderWayMessage);
  const outcome = await chargeInvoiceAttempt(billing, invoice, cardRef);
  if (outcome.status === 'paid') {
    await ctx.transaction(async (txCtx) => {
      await txCtx.db.update(memberships).set({ paymentMethodRef: cardRef }).where(eq(memberships.id, row.id));
      await applyRenewalPaid(txCtx, row, invoice, outcome.ref, now);
    });
    return toMembership(db, row.id);
  }
  const message =
    outcome.status === 'requires_action'
      ? 'Your bank asked to confirm this payment, which cannot be done here. Please use another card.'
      : (outcome.errorMessage ?? 'Your card was declined.');
  await db.transaction(async (tx) => {
    await tx.update(membershipInvoices).set({ status: 'failed', failureMessage: message }).where(eq(membershipInvoices.id, invoice.id));
    await tx
      .update(memberships)
      .set({ nextRetryAt: row.nextRetryAt, updatedAt: now })
      .where(and(eq(memberships.id, row.id), eq(memberships.status, 'past_due')));
  });
  throw badRequest(message, { card: message });
}
