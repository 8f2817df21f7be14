import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { AppError, badRequest } from '@core/errors.ts';
import { formatUsd } from '@core/domain/money.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { bookings, paymentIntents, payments, users, webhookEvents } from '../db/schema.ts';
import { GatewayError, handledEventTypes, WebhookSignatureError, type GatewayIntent } from './gateways/gateway.ts';
import { markAuthorized } from '../bookings/booking-transitions.ts';
import { notify, type NewNotification } from '../notifications/notification-service.ts';
import { bookingNotAwaitingPaymentMessage, creditsChangedMessage, openStatuses, type IntentRow } from './payment-common.ts';
import { applyTipIntentUpdate } from './tip-service.ts';

/** The gateway's reports (webhooks, API answers, status reads) applied to our records, each once. */

/**
 * POST /api/payments/webhook: verified first (400 and no change otherwise), applied once per event id. The
 * event only says which intent changed: its state is read back from the gateway, so a body that lies about
 * an amount or a status (even one signed with a leaked secret) can only make us catch up with the truth.
 */
export async function handleWebhook(
  ctx: AppContext,
  now: Date,
  rawBody: string | Buffer,
  signatureHeader: string | undefined,
): Promise<{ received: true; duplicate?: true }> {
  const { db, gateway } = ctx;
  let event;
  try {
    event = gateway.parseWebhook(rawBody, signatureHeader);
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw badRequest(`Webhook signature verification failed: ${error.message}`);
    throw error;
  }
  const isHandled = event.intentId !== null && (handledEventTypes as readonly string[]).includes(event.type);
  let intent: GatewayIntent | null = null;
  if (isHandled) {
    try {
      intent = await gateway.retrieve(event.intentId!);
    } catch (error) {
      if (error instanceof GatewayError) throw badRequest(`Webhook event names an unknown payment: ${event.intentId}`);
      throw error;
    }
  }
  const [inserted] = await db
    .insert(webhookEvents)
    .values({ eventId: event.id, type: event.type, receivedAt: now })
    .onConflictDoNothing()
    .returning();
  if (!inserted) return { received: true, duplicate: true };
  try {
    if (intent) await applyIntentUpdate(ctx, intent, now);
  } catch (error) {
    // Not applied: forget the id so that the gateway's retry is applied.
    await db.delete(webhookEvents).where(eq(webhookEvents.eventId, event.id));
    throw error;
  }
  return { received: true };
}

class AuthorizationRefused extends Error {}

export const totalChangedMessage = 'The total changed while you were paying. Please pay the new total.';

/**
 * The customer's 'payment' notice. entityId is the booking id: the notification links to
 * /payment-success?id={bookingId}, which reads that booking's payment (GET /api/payments/booking-status).
 */
function paymentNotice(row: IntentRow, event: 'authorized' | 'captured', amountCents: number): NewNotification {
  const amount = formatUsd(amountCents);
  return event === 'authorized'
    ? {
        userId: row.customerId,
        type: 'payment',
        title: 'Payment authorized',
        message: `Your card was authorized for ${amount}. You won't be charged until the service is completed.`,
        entityId: String(row.bookingId),
      }
    : {
        userId: row.customerId,
        type: 'payment',
        title: 'Payment received',
        message: `Your card was charged ${amount}. Thank you for booking with Glossly.`,
        entityId: String(row.bookingId),
      };
}

/**
 * Gives the credits an intent consumed back to its customer, keeping `keptCents` of them spent (a late cancellation's
 * fee the card could not cover). What is kept stays recorded as consumed.
 */
export async function returnCredits(tx: Database, intentRowId: number, keptCents = 0): Promise<void> {
  const [row] = await tx.select().from(paymentIntents).where(eq(paymentIntents.id, intentRowId)).for('update');
  if (!row || row.creditsConsumedCents <= 0) return;
  const kept = Math.min(row.creditsConsumedCents, Math.max(0, keptCents));
  const returned = row.creditsConsumedCents - kept;
  if (returned <= 0) return;
  await tx.update(paymentIntents).set({ creditsConsumedCents: kept }).where(eq(paymentIntents.id, row.id));
  await tx
    .update(users)
    .set({ referralCreditsCents: sql`${users.referralCreditsCents} + ${returned}` })
    .where(eq(users.id, row.customerId));
}

/**
 * Moves our record of an intent forward to what the gateway reports, whoever reports it (webhook, API answer,
 * status read): each move is conditional on the status before it, so reports in any order and any number of
 * times have one effect. An authorization consumes the credits and moves the booking to requested in ONE
 * transaction; when either cannot happen the authorization is released at once.
 */
export async function applyIntentUpdate(ctx: AppContext, intent: GatewayIntent, now: Date): Promise<void> {
  // A tip's intent lives in `tips`, not payment_intents: it is captured at once and never moves the booking.
  if (await applyTipIntentUpdate(ctx, intent, now)) return;
  let refusal: string | null = null;
  try {
    await ctx.transaction(async (txCtx) => {
      const tx = txCtx.db;
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
          // A promo code went on or off after this intent was made: its amount is not what the booking costs now.
          const [owed] = await tx
            .select({ totalCents: bookings.totalCents })
            .from(bookings)
            .where(eq(bookings.id, row.bookingId))
            .for('update');
          if (owed && owed.totalCents !== row.amountCents + row.creditsAppliedCents) throw new AuthorizationRefused(totalChangedMessage);
          try {
            await markAuthorized(txCtx, row.bookingId, now);
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
          await notify(txCtx, paymentNotice(row, 'authorized', intent.amountCapturableCents || row.amountCents));
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
          await notify(txCtx, paymentNotice(row, 'captured', intent.amountReceivedCents));
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
  if (refusal !== null) await releaseRefusedAuthorization(ctx, intent, refusal, now);
}

/** The card was authorized but the booking or the credits are gone: give the money back and say why. */
async function releaseRefusedAuthorization(ctx: AppContext, intent: GatewayIntent, reason: string, now: Date) {
  const { db, gateway } = ctx;
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
