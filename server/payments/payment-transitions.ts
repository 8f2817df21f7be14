import { eq } from 'drizzle-orm';
import type { MoneyEffectHandler } from '../context.ts';
import { bookings, paymentIntents, payments } from '../db/schema.ts';
import { GatewayError } from './gateways/gateway.ts';
import { openStatuses, type IntentRow } from './payment-common.ts';
import { applyIntentUpdate, returnCredits } from './payment-intent-updates.ts';
import { sendReceiptEmail } from './receipt-service.ts';

/**
 * Money follows the booking (PRODUCT.md "Payments"): each move declares its money effect in
 * core/domain/booking-status.ts and this applies it. capture: completion charges the authorization; release:
 * decline and expiry let it go; fee: a cancellation charges the late fee only, or releases when it is free;
 * void: an abandoned hold drops its open intents. The booking service calls it (through the context, plugged in
 * by buildApp) after each committed move; a gateway failure is recorded, never thrown.
 */
export const applyMoneyEffect: MoneyEffectHandler = async (ctx, { bookingId, effect, now }) => {
  if (effect === 'none') return;
  const { db, gateway } = ctx;
  // A visit the membership covers (decision 022) costs nothing and never had a payment intent: there is nothing to
  // capture, release or charge a fee on, and no gateway is asked.
  const [priced] = await db.select({ totalCents: bookings.totalCents }).from(bookings).where(eq(bookings.id, bookingId));
  if (priced?.totalCents === 0) return;
  const rows = await db.select().from(paymentIntents).where(eq(paymentIntents.bookingId, bookingId));
  const authorized = rows.find((r) => r.status === 'requires_capture' && r.gateway === gateway.kind);
  const record = async (row: IntentRow, kind: 'capture' | 'release', amountCents: number) => {
    await db.insert(payments).values({ bookingId, intentId: row.intentId, kind, amountCents, status: 'failed', createdAt: now });
  };
  const release = async (row: IntentRow) => {
    try {
      await applyIntentUpdate(ctx, await gateway.cancel(row.intentId), now);
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      if (row.status === 'requires_capture') await record(row, 'release', row.amountCents);
    }
  };
  switch (effect) {
    case 'capture': {
      if (!authorized) return;
      try {
        await applyIntentUpdate(ctx, await gateway.capture(authorized.intentId), now);
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        await record(authorized, 'capture', authorized.amountCents);
        return;
      }
      // Completion captures once, so the receipt goes out once (and only for a charge that went through).
      await sendReceiptEmail(ctx, bookingId);
      return;
    }
    case 'release':
      if (authorized) await release(authorized);
      return;
    case 'fee': {
      const [booking] = await db.select({ fee: bookings.cancellationFeeCents }).from(bookings).where(eq(bookings.id, bookingId));
      const fee = booking?.fee ?? 0;
      if (authorized && fee > 0) {
        try {
          const onCardCents = Math.min(fee, authorized.amountCents);
          const captured = await gateway.capture(authorized.intentId, onCardCents);
          await applyIntentUpdate(ctx, captured, now);
          // Only the fee was charged: the credits that paid for the service come back, less the part of the fee the
          // card could not cover (credits took the total down to the 50-cent minimum): else the fee was 50 cents.
          await ctx.transaction((tx) => returnCredits(tx.db, authorized.id, fee - onCardCents));
        } catch (error) {
          if (!(error instanceof GatewayError)) throw error;
          await record(authorized, 'capture', fee);
        }
        return;
      }
      for (const row of rows)
        if (row.status !== 'canceled' && row.status !== 'succeeded' && row.gateway === gateway.kind) await release(row);
      return;
    }
    case 'void':
      for (const row of rows) if (openStatuses.includes(row.status) && row.gateway === gateway.kind) await release(row);
      return;
    default: {
      const unreachable: never = effect;
      throw new Error(`Unknown money effect ${String(unreachable)}`);
    }
  }
};
