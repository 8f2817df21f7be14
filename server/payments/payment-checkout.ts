import { and, desc, eq, inArray, like } from 'drizzle-orm';
import { conflict, notFound } from '@core/errors.ts';
import { applicableCreditsCents } from '@core/domain/credits.ts';
import type {
  AuthenticateTestPaymentInput,
  ConfirmTestPaymentInput,
  CreatePaymentIntentInput,
  IntentStatusResponse,
  PaymentIntentResponse,
} from '@core/schemas/payments.ts';
import type { ConfirmWalletPaymentInput } from '@core/schemas/one-tap.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { bookings, paymentIntents, users } from '../db/schema.ts';
import { GatewayError, type GatewayIntent, type PaymentGateway } from './gateways/gateway.ts';
import { requireUser, type Actor } from '../identity/access.ts';
import {
  bookingNotAwaitingPaymentMessage,
  catchUpWithGateway,
  gatewayCustomerRef,
  gatewayFailure,
  openStatuses,
  statusResponse,
  type IntentRow,
} from './payment-common.ts';
import { applyIntentUpdate } from './payment-intent-updates.ts';
import {
  authenticateChargeWithTestGateway,
  confirmChargeWithTestCard,
  confirmChargeWithWallet,
  ownCharge,
  type Charge,
} from './test-card-confirm.ts';
import { dollarsToCents } from '@core/domain/money.ts';

/** Checkout: the customer's intent for a booking, the built-in gateway's card form and the status read-back. */

function toResponse(row: IntentRow, gateway: PaymentGateway, totalCents: number): PaymentIntentResponse {
  return {
    clientSecret: row.clientSecret,
    publishableKey: gateway.publishableKey,
    gateway: gateway.kind,
    amountCents: row.amountCents,
    totalCents,
    creditsAppliedCents: row.creditsAppliedCents,
    status: row.status,
  };
}

/**
 * POST /api/create-payment-intent: the customer's own booking, still awaiting payment within its hold. The
 * amount is the booking's total minus the credits the server applies; any amount the browser sends is ignored.
 * Same booking and credits -> same intent (one idempotency key), so a replay never authorizes twice.
 */
export async function createPaymentIntent(
  ctx: AppContext,
  actor: Actor,
  now: Date,
  input: CreatePaymentIntentInput,
): Promise<PaymentIntentResponse> {
  const { db, gateway } = ctx;
  const user = requireUser(actor);
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, input.bookingId));
  if (!booking || booking.customerId !== user.id) throw notFound('Booking not found');
  if (booking.status !== 'pending_payment') throw conflict(bookingNotAwaitingPaymentMessage);
  if (booking.holdExpiresAt && booking.holdExpiresAt.getTime() <= now.getTime()) {
    throw conflict('The hold on this time slot has lapsed. Please book again.');
  }
  const [fresh] = await db.select({ credits: users.referralCreditsCents }).from(users).where(eq(users.id, user.id));
  const creditsCents = applicableCreditsCents(fresh?.credits ?? 0, booking.totalCents, dollarsToCents(input.appliedCredits ?? 0));
  const amountCents = booking.totalCents - creditsCents;

  const baseKey = `booking-${booking.id}-credits-${creditsCents}`;
  const earlier = await db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.bookingId, booking.id), like(paymentIntents.idempotencyKey, `${baseKey}%`)))
    .orderBy(desc(paymentIntents.id));
  const latest = earlier.find((row) => row.idempotencyKey === baseKey || row.idempotencyKey.startsWith(`${baseKey}-retry-`));
  if (latest && latest.status !== 'canceled' && latest.gateway === gateway.kind && latest.amountCents === amountCents) {
    return toResponse(latest, gateway, booking.totalCents);
  }
  // The total changed since that intent was made (a promo code went on or off): it must never be paid at the old
  // amount, so it is cancelled and a new one made for the new total.
  if (latest && openStatuses.includes(latest.status) && latest.amountCents !== amountCents) await cancelStaleIntent(ctx, latest, now);
  // A released intent (credits raced away, or a gateway cancel) is never reused: the next try gets a new key.
  const idempotencyKey = latest ? `${baseKey}-retry-${earlier.length}` : baseKey;

  let intent: GatewayIntent;
  try {
    intent = await gateway.createIntent({
      amountCents,
      currency: 'usd',
      idempotencyKey,
      metadata: { bookingId: String(booking.id), customerId: String(user.id), creditsAppliedCents: String(creditsCents) },
      // The card is kept with the gateway: a tip after the job is then one tap (tip-service.ts).
      keepPaymentMethod: true,
      customerRef: await gatewayCustomerRef(ctx, user),
    });
  } catch (error) {
    gatewayFailure(error);
  }
  await db
    .insert(paymentIntents)
    .values({
      bookingId: booking.id,
      customerId: user.id,
      gateway: gateway.kind,
      intentId: intent.id,
      clientSecret: intent.clientSecret,
      idempotencyKey,
      amountCents,
      creditsAppliedCents: creditsCents,
      status: intent.status,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  const [row] = await db.select().from(paymentIntents).where(eq(paymentIntents.idempotencyKey, idempotencyKey));
  return toResponse(row!, gateway, booking.totalCents);
}

/** An open intent for an amount the booking no longer costs: cancelled at its gateway (if still ours) and here. */
async function cancelStaleIntent(ctx: AppContext, row: IntentRow, now: Date): Promise<void> {
  if (row.gateway === ctx.gateway.kind) {
    try {
      await ctx.gateway.cancel(row.intentId);
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
    }
  }
  await ctx.db
    .update(paymentIntents)
    .set({ status: 'canceled', updatedAt: now })
    .where(and(eq(paymentIntents.id, row.id), inArray(paymentIntents.status, openStatuses)));
}

/** A booking's payment: authorized now, captured when the job is completed (decision 005). */
const bookingPayment: Charge<IntentRow> = {
  async bySecret(db, clientSecret) {
    const [row] = await db.select().from(paymentIntents).where(eq(paymentIntents.clientSecret, clientSecret));
    return row;
  },
  async reload(db, row) {
    const [fresh] = await db.select().from(paymentIntents).where(eq(paymentIntents.id, row.id));
    return fresh!;
  },
  canceledMessage: 'This payment was cancelled. Please start again.',
  paidStatus: 'requires_capture',
  async assertPayable({ db }, row) {
    const [booking] = await db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, row.bookingId));
    if (booking?.status !== 'pending_payment') throw conflict(bookingNotAwaitingPaymentMessage);
  },
  applyUpdate: applyIntentUpdate,
};

/**
 * POST /api/payments/test-gateway/confirm: the built-in gateway's card form, or one of the caller's saved cards
 * (`paymentMethodId`; anyone else's card is the same 404 as a missing one, checked before the gateway is called).
 */
export async function confirmTestPayment(
  ctx: AppContext,
  actor: Actor,
  now: Date,
  input: ConfirmTestPaymentInput,
): Promise<IntentStatusResponse> {
  return confirmChargeWithTestCard(ctx, actor, now, input, bookingPayment);
}

/** POST /api/payments/wallet/confirm: Apple Pay, Google Pay or the test wallet paying the booking (decision 051). */
export async function confirmWalletPayment(
  ctx: AppContext,
  actor: Actor,
  now: Date,
  input: ConfirmWalletPaymentInput,
): Promise<IntentStatusResponse> {
  return confirmChargeWithWallet(ctx, actor, now, input, bookingPayment);
}

/** POST /api/payments/test-gateway/authenticate: the 3-D Secure style page's approve or fail. */
export async function authenticateTestPayment(
  ctx: AppContext,
  actor: Actor,
  now: Date,
  input: AuthenticateTestPaymentInput,
): Promise<IntentStatusResponse> {
  return authenticateChargeWithTestGateway(ctx, actor, now, input, bookingPayment);
}

/** GET /api/payments/intent-status?client_secret=: reads the gateway back (a redirect may beat the webhook). */
export async function getIntentStatus(ctx: AppContext, actor: Actor, now: Date, clientSecret: string): Promise<IntentStatusResponse> {
  const { db, gateway } = ctx;
  const row = await ownCharge(db, actor, bookingPayment, clientSecret);
  if (row.gateway === gateway.kind && row.status !== 'canceled' && row.status !== 'succeeded') {
    await catchUpWithGateway(ctx, row.intentId, now, applyIntentUpdate);
  }
  return statusResponse(await bookingPayment.reload(db, row));
}

/**
 * GET /api/payments/booking-status?bookingId=: the payment of one of the customer's bookings, where a 'payment'
 * notification links (/payment-success?id={bookingId}). The live intent, else the last one; 404 for anyone else.
 */
export async function getBookingPaymentStatus(db: Database, actor: Actor, bookingId: number): Promise<IntentStatusResponse> {
  const user = requireUser(actor);
  const rows = await db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.bookingId, bookingId), eq(paymentIntents.customerId, user.id)))
    .orderBy(desc(paymentIntents.id));
  const row = rows.find((r) => r.status !== 'canceled') ?? rows[0];
  if (!row) throw notFound('Payment not found');
  return statusResponse(row);
}
