import { and, eq, inArray, ne } from 'drizzle-orm';
import { conflict, notFound } from '@core/errors.ts';
import { isWithinHours, tipWindowHours } from '@core/domain/after-the-job.ts';
import { formatUsd } from '@core/domain/money.ts';
import { tipSuggestions } from '@core/domain/tip.ts';
import type { AuthenticateTestPaymentInput, ConfirmTestPaymentInput, IntentStatus, IntentStatusResponse } from '@core/schemas/payments.ts';
import type { BookingTip, CreateTipInput, TipIntent } from '@core/schemas/tip.ts';
import { announceBookingChangeById } from '../bookings/booking-live.ts';
import { loadRecord } from '../bookings/booking-records.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { bookings, paymentIntents, payments, tips } from '../db/schema.ts';
import { requireUser, type Actor } from '../identity/access.ts';
import { notify } from '../notifications/notification-service.ts';
import { GatewayError, type GatewayIntent, type PaymentGateway } from './gateways/gateway.ts';
import { catchUpWithGateway, gatewayCustomerRef, gatewayFailure, openStatuses } from './payment-common.ts';
import { defaultSavedCard } from './saved-card-service.ts';
import { authenticateChargeWithTestGateway, confirmChargeWithTestCard, type Charge } from './test-card-confirm.ts';

/**
 * Tips (decision 020): their own gateway intent (the `tips` row) and their own ledger row (payments.kind 'tip'),
 * never part of the booking's intent, so a refund of the booking cannot give a tip back. Captured as soon as it is
 * authorized, whoever reports that first (the confirm answer or the webhook): the ledger's unique index makes the
 * 'tip' row once.
 */

type TipRow = typeof tips.$inferSelect;

export const tipWindowClosedMessage = 'Tips can be added for 48 hours after the job.';
export const tipNotCompletedMessage = 'A tip can be added once the job is completed.';
export const alreadyTippedMessage = 'This booking already has a tip.';
export const noBookingCardMessage = "The booking's card can no longer be used for a tip. Enter a card instead.";

/** The customer's own booking; anyone else gets the same 404 as for a booking that does not exist. */
async function customerBooking(db: Database, actor: Actor, bookingId: number) {
  const user = requireUser(actor);
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking || booking.customerId !== user.id) throw notFound('Booking not found');
  return { user, booking };
}

function windowProblem(booking: typeof bookings.$inferSelect, now: Date): string | null {
  if (booking.status !== 'completed' || !booking.completedAt) return tipNotCompletedMessage;
  if (!isWithinHours(booking.completedAt, tipWindowHours, now)) return tipWindowClosedMessage;
  return null;
}

async function succeededTip(db: Database, bookingId: number): Promise<TipRow | undefined> {
  const [row] = await db
    .select()
    .from(tips)
    .where(and(eq(tips.bookingId, bookingId), eq(tips.status, 'succeeded')));
  return row;
}

const toIntent = (row: TipRow, gateway: PaymentGateway): TipIntent => ({
  tipId: row.id,
  bookingId: row.bookingId,
  amountCents: row.amountCents,
  status: row.status,
  clientSecret: row.clientSecret,
  gateway: row.gateway,
  publishableKey: gateway.publishableKey,
});

/**
 * The card a one-tap tip pays with: the customer's default card (decision 051), else the card the booking was paid with
 * as its gateway kept it (the intent was made with keepPaymentMethod); null when this gateway cannot pay with either.
 */
async function oneTapCardOf(
  ctx: AppContext,
  customerId: number,
  bookingId: number,
): Promise<{ ref: string; brand: string; last4: string } | null> {
  const { db, gateway } = ctx;
  if (!gateway.confirmWithPaymentMethod || !gateway.retrievePaymentMethod) return null;
  const chosen = await defaultSavedCard(db, customerId);
  if (chosen) return { ref: chosen.gatewayRef, brand: chosen.brand, last4: chosen.last4 };
  const [paid] = await db
    .select({ intentId: paymentIntents.intentId })
    .from(paymentIntents)
    .where(and(eq(paymentIntents.bookingId, bookingId), eq(paymentIntents.status, 'succeeded'), eq(paymentIntents.gateway, gateway.kind)))
    .limit(1);
  if (!paid) return null;
  try {
    const { paymentMethodRef } = await gateway.retrieve(paid.intentId);
    const kept = paymentMethodRef ? await gateway.retrievePaymentMethod(paymentMethodRef) : null;
    return kept ? { ref: kept.ref, brand: kept.brand, last4: kept.last4 } : null;
  } catch (error) {
    if (error instanceof GatewayError) return null;
    throw error;
  }
}

/**
 * POST /api/bookings/:id/tip: the booking's customer, completed within 48 hours, no tip yet. The gateway's key is
 * the booking's and the client's, so a replayed request answers the same tip (whatever else it says).
 */
export async function createTip(ctx: AppContext, actor: Actor, now: Date, bookingId: number, input: CreateTipInput): Promise<TipIntent> {
  const { db, gateway } = ctx;
  const { user, booking } = await customerBooking(db, actor, bookingId);
  const idempotencyKey = `tip-${booking.id}-${input.idempotencyKey}`;
  const [replayed] = await db.select().from(tips).where(eq(tips.idempotencyKey, idempotencyKey));
  if (replayed) return toIntent(replayed, gateway);
  const problem = windowProblem(booking, now);
  if (problem) throw conflict(problem);
  if (await succeededTip(db, booking.id)) throw conflict(alreadyTippedMessage);
  const bookingCard = input.withBookingCard ? await oneTapCardOf(ctx, user.id, booking.id) : null;
  if (input.withBookingCard && !bookingCard) throw conflict(noBookingCardMessage);
  let intent: GatewayIntent;
  try {
    intent = await gateway.createIntent({
      amountCents: input.amountCents,
      currency: 'usd',
      idempotencyKey,
      metadata: { kind: 'tip', bookingId: String(booking.id), customerId: String(user.id) },
      // The booking's card is its customer's at the gateway (Stripe): the tip's intent must be theirs too.
      ...(bookingCard ? { customerRef: await gatewayCustomerRef(ctx, user) } : {}),
    });
  } catch (error) {
    gatewayFailure(error);
  }
  await db
    .insert(tips)
    .values({
      bookingId: booking.id,
      customerId: user.id,
      amountCents: input.amountCents,
      gateway: gateway.kind,
      intentId: intent.id,
      clientSecret: intent.clientSecret,
      idempotencyKey,
      status: intent.status,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  const [row] = await db.select().from(tips).where(eq(tips.idempotencyKey, idempotencyKey));
  if (!bookingCard || row!.status !== 'requires_payment_method') return toIntent(row!, gateway);
  // The one-tap tip: paid at once with the booking's card, captured as any tip (or sent to authentication).
  let paid: GatewayIntent;
  try {
    paid = await gateway.confirmWithPaymentMethod!(row!.intentId, bookingCard.ref);
  } catch (error) {
    gatewayFailure(error);
  }
  await applyTipIntentUpdate(ctx, paid, now);
  return toIntent(await reload(db, row!.id), gateway);
}

/** A tip: captured as soon as it is authorized, never part of the booking's money. */
const tipPayment: Charge<TipRow> = {
  async bySecret(db, clientSecret) {
    const [row] = await db.select().from(tips).where(eq(tips.clientSecret, clientSecret));
    return row;
  },
  reload: (db, row) => reload(db, row.id),
  canceledMessage: 'This tip was cancelled. Please start again.',
  paidStatus: 'succeeded',
  async assertPayable({ db }, row, now) {
    const [booking] = await db.select().from(bookings).where(eq(bookings.id, row.bookingId));
    const problem = booking ? windowProblem(booking, now) : tipNotCompletedMessage;
    if (problem) throw conflict(problem);
    if (await succeededTip(db, row.bookingId)) throw conflict(alreadyTippedMessage);
  },
  applyUpdate: applyTipIntentUpdate,
};

async function reload(db: Database, id: number): Promise<TipRow> {
  const [row] = await db.select().from(tips).where(eq(tips.id, id));
  return row!;
}

/** POST /api/tips/test-gateway/confirm: the built-in gateway's card form (or a saved card) paying a tip. */
export async function confirmTipPayment(
  ctx: AppContext,
  actor: Actor,
  now: Date,
  input: ConfirmTestPaymentInput,
): Promise<IntentStatusResponse> {
  return confirmChargeWithTestCard(ctx, actor, now, input, tipPayment);
}

/** POST /api/tips/test-gateway/authenticate: the 3-D Secure style page's answer for a tip. */
export async function authenticateTipPayment(
  ctx: AppContext,
  actor: Actor,
  now: Date,
  input: AuthenticateTestPaymentInput,
): Promise<IntentStatusResponse> {
  return authenticateChargeWithTestGateway(ctx, actor, now, input, tipPayment);
}

/**
 * GET /api/bookings/:id/tip: the customer's view of tipping. Reads back an unfinished tip from the gateway first
 * (Stripe confirms in the browser; its webhook may be late), which also captures one that was authorized.
 */
export async function getBookingTip(ctx: AppContext, actor: Actor, now: Date, bookingId: number): Promise<BookingTip> {
  const { db, gateway } = ctx;
  const { booking } = await customerBooking(db, actor, bookingId);
  const unfinished: IntentStatus[] = ['requires_capture', 'processing', 'requires_action'];
  const pending = await db
    .select()
    .from(tips)
    .where(and(eq(tips.bookingId, booking.id), inArray(tips.status, unfinished), eq(tips.gateway, gateway.kind)));
  for (const row of pending) await catchUpWithGateway(ctx, row.intentId, now, applyTipIntentUpdate);
  const tip = await succeededTip(db, booking.id);
  const closesAt = booking.completedAt ? new Date(booking.completedAt.getTime() + tipWindowHours * 3_600_000).toISOString() : null;
  const canTip = !tip && windowProblem(booking, now) === null;
  const card = canTip ? await oneTapCardOf(ctx, booking.customerId, booking.id) : null;
  return {
    tip: tip ? { amountCents: tip.amountCents, status: tip.status, createdAt: tip.createdAt.toISOString() } : null,
    canTip,
    closesAt,
    suggestions: tipSuggestions(booking.priceCents + booking.vehicleSurchargeCents),
    bookingCard: card ? { brand: card.brand, last4: card.last4 } : null,
  };
}

/** Takes the authorized tip; a capture someone else already took (or one refused) is read back instead. */
async function captureTip(ctx: AppContext, row: TipRow, now: Date): Promise<void> {
  let captured: GatewayIntent;
  try {
    captured = await ctx.gateway.capture(row.intentId);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    captured = await ctx.gateway.retrieve(row.intentId);
    if (captured.status !== 'succeeded') {
      await ctx.db.update(tips).set({ lastError: error.message, updatedAt: now }).where(eq(tips.id, row.id));
      return;
    }
  }
  await applyTipIntentUpdate(ctx, captured, now);
}

/**
 * The gateway's report on a tip's intent applied to the `tips` row (the webhook path calls it first for every
 * intent): false when the intent is not a tip's. Never touches the booking's status. Two tips of one booking
 * cannot both be captured: the booking's row is locked while one is claimed for capture, and a second is released.
 */
export async function applyTipIntentUpdate(ctx: AppContext, intent: GatewayIntent, now: Date): Promise<boolean> {
  const [row] = await ctx.db.select().from(tips).where(eq(tips.intentId, intent.id));
  if (!row) return false;
  const card = intent.card ? { cardBrand: intent.card.brand, cardLast4: intent.card.last4 } : {};
  switch (intent.status) {
    case 'requires_capture': {
      const verdict = await ctx.transaction(async ({ db: tx }) => {
        await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, row.bookingId)).for('update');
        const [fresh] = await tx.select().from(tips).where(eq(tips.id, row.id)).for('update');
        if (!fresh || fresh.status === 'succeeded' || fresh.status === 'canceled') return 'done';
        const [other] = await tx
          .select({ id: tips.id })
          .from(tips)
          .where(and(eq(tips.bookingId, row.bookingId), ne(tips.id, row.id), inArray(tips.status, ['requires_capture', 'succeeded'])))
          .limit(1);
        if (other) {
          await tx.update(tips).set({ lastError: alreadyTippedMessage, updatedAt: now }).where(eq(tips.id, row.id));
          return 'release';
        }
        await tx
          .update(tips)
          .set({ status: 'requires_capture', lastError: null, updatedAt: now, ...card })
          .where(eq(tips.id, row.id));
        return 'capture';
      });
      if (verdict === 'capture') await captureTip(ctx, row, now);
      if (verdict === 'release') {
        try {
          await applyTipIntentUpdate(ctx, await ctx.gateway.cancel(row.intentId), now);
        } catch (error) {
          if (!(error instanceof GatewayError)) throw error;
        }
      }
      return true;
    }
    case 'succeeded': {
      const recorded = await ctx.transaction(async (txCtx) => {
        const tx = txCtx.db;
        // The booking's row first, as the capture claim takes them: the ledger row's key on bookings would otherwise
        // wait on a claim that waits on this tip's row (a deadlock PostgreSQL breaks by failing one of them).
        await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, row.bookingId)).for('update');
        const [fresh] = await tx.select().from(tips).where(eq(tips.id, row.id)).for('update');
        if (!fresh || fresh.status === 'succeeded') return false;
        await tx
          .update(tips)
          .set({ status: 'succeeded', lastError: null, updatedAt: now, ...card })
          .where(eq(tips.id, row.id));
        // payments_intent_kind_unique: one 'tip' row per intent, whoever gets here first.
        const [ledger] = await tx
          .insert(payments)
          .values({
            bookingId: row.bookingId,
            intentId: row.intentId,
            kind: 'tip',
            amountCents: intent.amountReceivedCents,
            status: 'succeeded',
            createdAt: now,
          })
          .onConflictDoNothing()
          .returning({ id: payments.id });
        if (!ledger) return false;
        const record = await loadRecord(tx, row.bookingId);
        if (record) {
          await notify(txCtx, {
            userId: record.detailerUserId,
            type: 'booking_update',
            title: 'You got a tip',
            message: `You got a ${formatUsd(intent.amountReceivedCents)} tip from ${record.customerName} for ${record.serviceName}. All of it is yours.`,
            entityId: String(row.bookingId),
          });
        }
        return true;
      });
      if (recorded) await announceBookingChangeById(ctx, row.bookingId);
      return true;
    }
    case 'canceled': {
      await ctx.db
        .update(tips)
        .set({ status: 'canceled', updatedAt: now })
        .where(and(eq(tips.id, row.id), ne(tips.status, 'succeeded')));
      return true;
    }
    case 'requires_payment_method':
    case 'requires_action':
    case 'processing': {
      await ctx.db
        .update(tips)
        .set({ status: intent.status, lastError: intent.lastErrorMessage, updatedAt: now, ...card })
        .where(and(eq(tips.id, row.id), inArray(tips.status, openStatuses)));
      return true;
    }
    default: {
      const unreachable: never = intent.status;
      throw new Error(`Unknown intent status ${String(unreachable)}`);
    }
  }
}
