import { and, desc, eq, gte, inArray, like, sql } from 'drizzle-orm';
import { AppError, badRequest, conflict, notFound } from '@core/errors.ts';
import type { BookingAction } from '@core/domain/booking-status.ts';
import { applicableCreditsCents } from '@core/domain/credits.ts';
import type {
  AuthenticateTestPaymentInput,
  ConfirmTestPaymentInput,
  CreatePaymentIntentInput,
  IntentStatus,
  IntentStatusResponse,
  PaymentIntentResponse,
} from '@core/schemas/payments.ts';
import type { Database } from '../db/client.ts';
import { bookings, paymentIntents, payments, users, webhookEvents } from '../db/schema.ts';
import { GatewayError, handledEventTypes, WebhookSignatureError, type GatewayIntent, type PaymentGateway } from '../payments/gateway.ts';
import { requireUser, type Actor } from './access.ts';
import { markAuthorized } from './booking-service.ts';

type IntentRow = typeof paymentIntents.$inferSelect;

/** Statuses from which an intent may still be paid. */
const openStatuses: IntentStatus[] = ['requires_payment_method', 'requires_action', 'processing'];

export const creditsChangedMessage = 'Your referral credits changed while you were paying. Please try again.';
export const bookingNotAwaitingPaymentMessage = 'This booking is no longer awaiting payment.';

// The gateway of each app, by its database handle: the booking service reaches it through onBookingTransition.
const gateways = new WeakMap<object, PaymentGateway>();

export function registerPaymentGateway(db: Database, gateway: PaymentGateway): void {
  gateways.set(db, gateway);
}

export function paymentGatewayFor(db: Database): PaymentGateway | undefined {
  return gateways.get(db);
}

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

function statusResponse(row: IntentRow): IntentStatusResponse {
  return { status: row.status, errorMessage: row.lastError, amountCents: row.amountCents, bookingId: row.bookingId };
}

function gatewayFailure(error: unknown): never {
  if (error instanceof GatewayError) throw conflict(error.message);
  throw error;
}

/**
 * POST /api/create-payment-intent: the customer's own booking, still awaiting payment within its hold. The
 * amount is the booking's total minus the credits the server applies; any amount the browser sends is ignored.
 * Same booking and credits -> same intent (one idempotency key), so a replay never authorizes twice.
 */
export async function createPaymentIntent(
  db: Database,
  gateway: PaymentGateway,
  actor: Actor,
  now: Date,
  input: CreatePaymentIntentInput,
): Promise<PaymentIntentResponse> {
  const user = requireUser(actor);
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, input.bookingId));
  if (!booking || booking.customerId !== user.id) throw notFound('Booking not found');
  if (booking.status !== 'pending_payment') throw conflict(bookingNotAwaitingPaymentMessage);
  if (booking.holdExpiresAt && booking.holdExpiresAt.getTime() <= now.getTime()) {
    throw conflict('The hold on this time slot has lapsed. Please book again.');
  }
  const [fresh] = await db.select({ credits: users.referralCreditsCents }).from(users).where(eq(users.id, user.id));
  const creditsCents = applicableCreditsCents(fresh?.credits ?? 0, booking.totalCents, Math.round((input.appliedCredits ?? 0) * 100));
  const amountCents = booking.totalCents - creditsCents;

  const baseKey = `booking-${booking.id}-credits-${creditsCents}`;
  const earlier = await db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.bookingId, booking.id), like(paymentIntents.idempotencyKey, `${baseKey}%`)))
    .orderBy(desc(paymentIntents.id));
  const latest = earlier.find((row) => row.idempotencyKey === baseKey || row.idempotencyKey.startsWith(`${baseKey}-retry-`));
  if (latest && latest.status !== 'canceled' && latest.gateway === gateway.kind) return toResponse(latest, gateway, booking.totalCents);
  // A released intent (credits raced away, or a gateway cancel) is never reused: the next try gets a new key.
  const idempotencyKey = latest ? `${baseKey}-retry-${earlier.length}` : baseKey;

  let intent: GatewayIntent;
  try {
    intent = await gateway.createIntent({
      amountCents,
      currency: 'usd',
      idempotencyKey,
      metadata: { bookingId: String(booking.id), customerId: String(user.id), creditsAppliedCents: String(creditsCents) },
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

/** The intent behind a client secret, for its customer only (anyone else: the same 404 as a missing one). */
async function ownIntent(db: Database, actor: Actor, clientSecret: string): Promise<IntentRow> {
  const user = requireUser(actor);
  const [row] = await db.select().from(paymentIntents).where(eq(paymentIntents.clientSecret, clientSecret));
  if (!row || row.customerId !== user.id) throw notFound('Payment not found');
  return row;
}

async function reload(db: Database, intentId: string): Promise<IntentRow> {
  const [row] = await db.select().from(paymentIntents).where(eq(paymentIntents.intentId, intentId));
  return row!;
}

/** POST /api/payments/test-gateway/confirm: the built-in gateway's card form. */
export async function confirmTestPayment(
  db: Database,
  gateway: PaymentGateway,
  actor: Actor,
  now: Date,
  input: ConfirmTestPaymentInput,
): Promise<IntentStatusResponse> {
  const row = await ownIntent(db, actor, input.clientSecret);
  if (!gateway.confirm || row.gateway !== gateway.kind) throw badRequest('Cards are confirmed with the payment provider for this payment');
  if (row.status === 'requires_capture' || row.status === 'succeeded') return statusResponse(row);
  if (row.status === 'canceled') throw conflict(row.lastError ?? 'This payment was cancelled. Please start again.');
  const [booking] = await db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, row.bookingId));
  if (booking?.status !== 'pending_payment') throw conflict(bookingNotAwaitingPaymentMessage);
  let intent: GatewayIntent;
  try {
    intent = await gateway.confirm(row.intentId, input.card);
  } catch (error) {
    gatewayFailure(error);
  }
  await applyIntentUpdate(db, gateway, intent, now);
  return statusResponse(await reload(db, row.intentId));
}

/** POST /api/payments/test-gateway/authenticate: the 3-D Secure style page's approve or fail. */
export async function authenticateTestPayment(
  db: Database,
  gateway: PaymentGateway,
  actor: Actor,
  now: Date,
  input: AuthenticateTestPaymentInput,
): Promise<IntentStatusResponse> {
  const row = await ownIntent(db, actor, input.clientSecret);
  if (!gateway.authenticate || row.gateway !== gateway.kind) throw badRequest('Authentication happens with the payment provider');
  let intent: GatewayIntent;
  try {
    intent = await gateway.authenticate(row.intentId, input.approve);
  } catch (error) {
    gatewayFailure(error);
  }
  await applyIntentUpdate(db, gateway, intent, now);
  return statusResponse(await reload(db, row.intentId));
}

/** GET /api/payments/intent-status?client_secret=: reads the gateway back (a redirect may beat the webhook). */
export async function getIntentStatus(
  db: Database,
  gateway: PaymentGateway,
  actor: Actor,
  now: Date,
  clientSecret: string,
): Promise<IntentStatusResponse> {
  const row = await ownIntent(db, actor, clientSecret);
  if (row.gateway === gateway.kind && row.status !== 'canceled' && row.status !== 'succeeded') {
    try {
      await applyIntentUpdate(db, gateway, await gateway.retrieve(row.intentId), now);
    } catch (error) {
      // The gateway is unreachable (or forgot a test intent after a restart): answer what we know.
      if (!(error instanceof GatewayError)) throw error;
    }
  }
  return statusResponse(await reload(db, row.intentId));
}

/**
 * POST /api/payments/webhook: verified first (400 and no change otherwise), applied once per event id.
 */
export async function handleWebhook(
  db: Database,
  gateway: PaymentGateway,
  now: Date,
  rawBody: string | Buffer,
  signatureHeader: string | undefined,
): Promise<{ received: true; duplicate?: true }> {
  let event;
  try {
    event = gateway.parseWebhook(rawBody, signatureHeader);
  } catch (error) {
    if (error instanceof WebhookSignatureError || error instanceof SyntaxError) {
      throw badRequest(`Webhook signature verification failed: ${error.message}`);
    }
    throw error;
  }
  const [inserted] = await db
    .insert(webhookEvents)
    .values({ eventId: event.id, type: event.type, receivedAt: now })
    .onConflictDoNothing()
    .returning();
  if (!inserted) return { received: true, duplicate: true };
  try {
    if (event.intent && (handledEventTypes as readonly string[]).includes(event.type)) {
      await applyIntentUpdate(db, gateway, event.intent, now);
    }
  } catch (error) {
    // Not applied: forget the id so that the gateway's retry is applied.
    await db.delete(webhookEvents).where(eq(webhookEvents.eventId, event.id));
    throw error;
  }
  return { received: true };
}

class AuthorizationRefused extends Error {}

async function returnCredits(tx: Database, intentRowId: number): Promise<void> {
  const [row] = await tx.select().from(paymentIntents).where(eq(paymentIntents.id, intentRowId)).for('update');
  if (!row || row.creditsConsumedCents <= 0) return;
  await tx.update(paymentIntents).set({ creditsConsumedCents: 0 }).where(eq(paymentIntents.id, row.id));
  await tx
    .update(users)
    .set({ referralCreditsCents: sql`${users.referralCreditsCents} + ${row.creditsConsumedCents}` })
    .where(eq(users.id, row.customerId));
}

/**
 * Moves our record of an intent forward to what the gateway reports, whoever reports it (webhook, API answer,
 * status read): each move is conditional on the status before it, so reports in any order and any number of
 * times have one effect. An authorization consumes the credits and moves the booking to requested in ONE
 * transaction; when either cannot happen the authorization is released at once.
 */
export async function applyIntentUpdate(db: Database, gateway: PaymentGateway, intent: GatewayIntent, now: Date): Promise<void> {
  let refusal: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(paymentIntents).where(eq(paymentIntents.intentId, intent.id)).for('update');
      if (!row) return;
      const card = intent.card ? { cardBrand: intent.card.brand, cardLast4: intent.card.last4 } : {};
      const isOpen = openStatuses.includes(row.status);
      switch (intent.status) {
        case 'requires_capture': {
          if (!isOpen) return;
          await tx
            .update(paymentIntents)
            .set({ status: 'requires_capture', lastError: null, updatedAt: now, ...card, creditsConsumedCents: row.creditsAppliedCents })
            .where(eq(paymentIntents.id, row.id));
          if (row.creditsAppliedCents > 0) {
            const [spent] = await tx
              .update(users)
              .set({ referralCreditsCents: sql`${users.referralCreditsCents} - ${row.creditsAppliedCents}` })
              .where(and(eq(users.id, row.customerId), gte(users.referralCreditsCents, row.creditsAppliedCents)))
              .returning({ id: users.id });
            if (!spent) throw new AuthorizationRefused(creditsChangedMessage);
          }
          try {
            await markAuthorized(tx, row.bookingId, now);
          } catch (error) {
            if (error instanceof AppError && (error.code === 'conflict' || error.code === 'not_found')) {
              throw new AuthorizationRefused(bookingNotAwaitingPaymentMessage);
            }
            throw error;
          }
          await tx.insert(payments).values({
            bookingId: row.bookingId,
            intentId: row.intentId,
            kind: 'authorize',
            amountCents: intent.amountCapturableCents || row.amountCents,
            status: 'succeeded',
            createdAt: now,
          });
          return;
        }
        case 'succeeded': {
          if (row.status !== 'requires_capture') return;
          await tx.update(paymentIntents).set({ status: 'succeeded', updatedAt: now }).where(eq(paymentIntents.id, row.id));
          await tx.insert(payments).values({
            bookingId: row.bookingId,
            intentId: row.intentId,
            kind: 'capture',
            amountCents: intent.amountReceivedCents,
            status: 'succeeded',
            createdAt: now,
          });
          return;
        }
        case 'canceled': {
          if (row.status === 'canceled' || row.status === 'succeeded') return;
          await tx.update(paymentIntents).set({ status: 'canceled', updatedAt: now }).where(eq(paymentIntents.id, row.id));
          if (row.status === 'requires_capture') {
            await returnCredits(tx, row.id);
            await tx.insert(payments).values({
              bookingId: row.bookingId,
              intentId: row.intentId,
              kind: 'release',
              amountCents: row.amountCents,
              status: 'succeeded',
              createdAt: now,
            });
          }
          return;
        }
        case 'requires_payment_method':
        case 'requires_action':
        case 'processing': {
          if (!isOpen) return;
          await tx
            .update(paymentIntents)
            .set({ status: intent.status, lastError: intent.lastErrorMessage, updatedAt: now, ...card })
            .where(eq(paymentIntents.id, row.id));
          return;
        }
        default: {
          const unreachable: never = intent.status;
          throw new Error(`Unknown intent status ${String(unreachable)}`);
        }
      }
    });
  } catch (error) {
    if (!(error instanceof AuthorizationRefused)) throw error;
    refusal = error.message;
  }
  if (refusal !== null) await releaseRefusedAuthorization(db, gateway, intent, refusal, now);
}

/** The card was authorized but the booking or the credits are gone: give the money back and say why. */
async function releaseRefusedAuthorization(db: Database, gateway: PaymentGateway, intent: GatewayIntent, reason: string, now: Date) {
  await db.update(paymentIntents).set({ lastError: reason, updatedAt: now }).where(eq(paymentIntents.intentId, intent.id));
  const [row] = await db.select().from(paymentIntents).where(eq(paymentIntents.intentId, intent.id));
  if (!row) return;
  try {
    await gateway.cancel(intent.id);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
  }
  await db
    .update(paymentIntents)
    .set({ status: 'canceled', updatedAt: now })
    .where(and(eq(paymentIntents.id, row.id), inArray(paymentIntents.status, openStatuses)));
  // The card was held and let go: both movements are in the ledger (once each, whoever records them first).
  const amountCents = intent.amountCapturableCents || row.amountCents;
  for (const kind of ['authorize', 'release'] as const) {
    await db
      .insert(payments)
      .values({ bookingId: row.bookingId, intentId: row.intentId, kind, amountCents, status: 'succeeded', createdAt: now })
      .onConflictDoNothing();
  }
}

/**
 * Money follows the booking (PRODUCT.md "Payments"): completion captures; decline, expiry and a free
 * cancellation release; a late cancellation captures only the fee; an abandoned hold drops its open intents.
 * The booking service calls it after each committed move; a gateway failure is recorded, never thrown.
 */
export async function onBookingTransition(db: Database, bookingId: number, action: BookingAction, now: Date): Promise<void> {
  const gateway = gateways.get(db);
  if (!gateway) return;
  const rows = await db.select().from(paymentIntents).where(eq(paymentIntents.bookingId, bookingId));
  const authorized = rows.find((r) => r.status === 'requires_capture' && r.gateway === gateway.kind);
  const record = async (row: IntentRow, kind: 'capture' | 'release', amountCents: number) => {
    await db.insert(payments).values({ bookingId, intentId: row.intentId, kind, amountCents, status: 'failed', createdAt: now });
  };
  const release = async (row: IntentRow) => {
    try {
      await applyIntentUpdate(db, gateway, await gateway.cancel(row.intentId), now);
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      if (row.status === 'requires_capture') await record(row, 'release', row.amountCents);
    }
  };
  switch (action) {
    case 'complete': {
      if (!authorized) return;
      try {
        await applyIntentUpdate(db, gateway, await gateway.capture(authorized.intentId), now);
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        await record(authorized, 'capture', authorized.amountCents);
      }
      return;
    }
    case 'decline':
    case 'expire':
      if (authorized) await release(authorized);
      return;
    case 'cancel': {
      const [booking] = await db.select({ fee: bookings.cancellationFeeCents }).from(bookings).where(eq(bookings.id, bookingId));
      const fee = booking?.fee ?? 0;
      if (authorized && fee > 0) {
        try {
          const captured = await gateway.capture(authorized.intentId, Math.min(fee, authorized.amountCents));
          await applyIntentUpdate(db, gateway, captured, now);
          // Only the fee was charged: the credits that paid for the service come back.
          await db.transaction((tx) => returnCredits(tx, authorized.id));
        } catch (error) {
          if (!(error instanceof GatewayError)) throw error;
          await record(authorized, 'capture', fee);
        }
        return;
      }
      for (const row of rows) if (row.status !== 'canceled' && row.status !== 'succeeded' && row.gateway === gateway.kind) await release(row);
      return;
    }
    case 'abandon':
      for (const row of rows) if (openStatuses.includes(row.status) && row.gateway === gateway.kind) await release(row);
      return;
    default:
      return;
  }
}
