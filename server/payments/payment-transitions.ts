import { eq } from 'drizzle-orm';
import type { BookingAction } from '@core/domain/booking-status.ts';
import type { Database } from '../db/client.ts';
import { bookings, paymentIntents, payments } from '../db/schema.ts';
import { GatewayError } from './gateways/gateway.ts';
import { openStatuses, paymentGatewayFor, type IntentRow } from './payment-common.ts';
import { applyIntentUpdate, returnCredits } from './payment-intent-updates.ts';

/**
 * Money follows the booking (PRODUCT.md "Payments"): completion captures; decline, expiry and a free
 * cancellation release; a late cancellation captures only the fee; an abandoned hold drops its open intents.
 * The booking service calls it after each committed move; a gateway failure is recorded, never thrown.
 */
export async function onBookingTransition(db: Database, bookingId: number, action: BookingAction, now: Date): Promise<void> {
  const gateway = paymentGatewayFor(db);
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