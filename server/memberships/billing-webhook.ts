import { eq } from 'drizzle-orm';
import { badRequest, notFound } from '@core/errors.ts';
import type { MembershipStatus } from '@core/schemas/memberships.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { membershipInvoices, memberships, webhookEvents } from '../db/schema.ts';
import { GatewayError, WebhookSignatureError } from '../payments/gateways/gateway.ts';
import { billingEventTypes, StripeMembershipBilling, type BillingEvent } from './billing/stripe-billing.ts';

export const billingWebhookPath = '/api/memberships/webhook';

/** Stripe's subscription statuses in ours. */
function statusOf(stripeStatus: string): MembershipStatus {
  if (stripeStatus === 'active' || stripeStatus === 'trialing') return 'active';
  if (stripeStatus === 'past_due' || stripeStatus === 'unpaid') return 'past_due';
  if (stripeStatus === 'incomplete') return 'incomplete';
  return 'canceled';
}

const kindOf = (billingReason: string | null) =>
  billingReason === 'subscription_create' ? 'first' : billingReason === 'subscription_update' ? 'proration' : 'renewal';

/**
 * POST /api/memberships/webhook: Stripe Billing's events, signature-checked as the payments webhook is (400 and no
 * change otherwise), each applied once (webhook_events). Only with Stripe: the built-in gateway renews here.
 */
export async function handleBillingWebhook(ctx: AppContext, now: Date, rawBody: Buffer, signatureHeader: string | undefined) {
  const billing = ctx.membershipBilling;
  if (!(billing instanceof StripeMembershipBilling)) throw notFound('Not found');
  let event: BillingEvent;
  try {
    event = billing.parseWebhook(rawBody, signatureHeader);
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw badRequest(`Webhook signature verification failed: ${error.message}`);
    throw error;
  }
  if (!(billingEventTypes as readonly string[]).includes(event.type) || !event.subscriptionRef) return { received: true };
  let current: BillingEvent;
  try {
    current = await billing.readBack(event);
  } catch (error) {
    if (error instanceof GatewayError)
      throw badRequest(`Webhook event names an unknown invoice or subscription: ${event.invoice?.id ?? event.subscriptionRef}`);
    throw error;
  }
  // An invoice read back names its own subscription: the event's word for it is not taken.
  if (!current.subscriptionRef) return { received: true };
  return ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(webhookEvents)
      .values({ eventId: event.id, type: event.type, receivedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!inserted) return { received: true, duplicate: true };
    await applyBillingEvent(tx, current, now);
    return { received: true };
  });
}

async function applyBillingEvent(tx: Database, event: BillingEvent, now: Date): Promise<void> {
  const [row] = await tx.select().from(memberships).where(eq(memberships.gatewayRef, event.subscriptionRef!)).for('update');
  if (!row) return;
  const invoice = event.invoice;
  if (invoice && (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed')) {
    // Stripe's present word on the invoice, whichever event brought it: a failure reported after the invoice was paid
    // (events come in any order) records nothing, and only an open or uncollectible invoice is a failed one.
    const paid = invoice.status === 'paid';
    if (!paid && invoice.status !== 'open' && invoice.status !== 'uncollectible') return;
    if (!paid && event.type === 'invoice.paid') return;
    const kind = kindOf(invoice.billingReason);
    const periodStart = invoice.periodStart ?? row.currentPeriodStart;
    const periodEnd = invoice.periodEnd ?? row.currentPeriodEnd;
    const values = {
      status: paid ? ('paid' as const) : ('failed' as const),
      paidAt: paid ? now : null,
      failureMessage: paid ? null : (invoice.failureMessage ?? 'Your card was declined.'),
    };
    // Our first invoice was written when subscribing; Stripe's id is kept on it from now on.
    const [ours] = await tx.select().from(membershipInvoices).where(eq(membershipInvoices.gatewayRef, invoice.id));
    const [first] =
      kind === 'first' && !ours ? await tx.select().from(membershipInvoices).where(eq(membershipInvoices.membershipId, row.id)) : [];
    const existing = ours ?? (first?.kind === 'first' ? first : undefined);
    if (existing) {
      await tx
        .update(membershipInvoices)
        .set({ ...values, gatewayRef: invoice.id, attempts: existing.attempts + 1 })
        .where(eq(membershipInvoices.id, existing.id));
    } else {
      await tx
        .insert(membershipInvoices)
        .values({
          membershipId: row.id,
          kind,
          periodStart,
          periodEnd,
          amountCents: invoice.amountCents,
          gatewayRef: invoice.id,
          attempts: 1,
          createdAt: now,
          ...values,
        })
        .onConflictDoNothing();
    }
    if (paid) {
      const period = kind === 'proration' ? {} : { currentPeriodStart: periodStart, currentPeriodEnd: periodEnd };
      await tx
        .update(memberships)
        .set({ status: 'active', failedAttempts: 0, nextRetryAt: null, canceledAt: null, updatedAt: now, ...period })
        .where(eq(memberships.id, row.id));
    } else if (row.status !== 'incomplete' && row.status !== 'canceled') {
      await tx
        .update(memberships)
        .set({ status: 'past_due', failedAttempts: Math.min(4, row.failedAttempts + 1), updatedAt: now })
        .where(eq(memberships.id, row.id));
    }
    return;
  }
  const subscription = event.subscription;
  if (!subscription) return;
  const status = statusOf(subscription.status);
  if (row.status === 'canceled') return;
  const period =
    subscription.currentPeriodStart && subscription.currentPeriodEnd && subscription.currentPeriodEnd > subscription.currentPeriodStart
      ? { currentPeriodStart: subscription.currentPeriodStart, currentPeriodEnd: subscription.currentPeriodEnd }
      : {};
  await tx
    .update(memberships)
    .set({
      status,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      canceledAt: status === 'canceled' ? now : null,
      updatedAt: now,
      ...period,
    })
    .where(eq(memberships.id, row.id));
}
