import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bookings, paymentIntents, payments } from '../../server/db/schema.ts';
import { performDetailerAction } from '../../server/bookings/booking-transitions.ts';
import type { AppContext, MoneyMove } from '../../server/context.ts';
import { GatewayError, type GatewayIntent, type PaymentGateway } from '../../server/payments/gateways/gateway.ts';
import { applyMoneyEffect } from '../../server/payments/payment-service.ts';
import { createBooking, createCustomer, createDetailer } from '../factories/index.ts';
import { createTestApp, createTestClock, createTestContext, databaseKinds, type TestApp } from './test-app.ts';
import { addProofOfService } from '../factories/proof-of-service.ts';

/** The card network's edge, faked: captures are recorded and succeed; nothing else is expected. */
function recordingGateway() {
  const captures: { intentId: string; amountCents: number | undefined }[] = [];
  const refuse = async (): Promise<never> => {
    throw new GatewayError('not expected in this test');
  };
  const gateway: PaymentGateway = {
    kind: 'test',
    publishableKey: null,
    createIntent: refuse,
    cancel: refuse,
    refund: refuse,
    retrieve: refuse,
    detachPaymentMethod: refuse,
    confirmWithWallet: refuse,
    parseWebhook: () => {
      throw new GatewayError('not expected in this test');
    },
    async capture(intentId, amountCents) {
      captures.push({ intentId, amountCents });
      const intent: GatewayIntent = {
        id: intentId,
        clientSecret: `${intentId}_secret_x`,
        status: 'succeeded',
        amountCents: 5000,
        amountCapturableCents: 0,
        amountReceivedCents: amountCents ?? 5000,
        currency: 'usd',
        metadata: {},
        lastErrorMessage: null,
        card: null,
      };
      return intent;
    },
  };
  return { gateway, captures };
}

// The bug of issue 11: the money step of a booking move looked its gateway up by database handle, so on a
// transaction handle it found none and silently did nothing. Now the move's declared effect is applied with
// the context it runs in, and a context bound to a transaction carries the app's collaborators.
describe.each(databaseKinds)('money effects of booking moves on %s', (kind) => {
  let t: TestApp;
  const clock = createTestClock();

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function authorizedBookingInProgress(ctx: AppContext) {
    const detailer = await createDetailer(ctx);
    const customer = await createCustomer(ctx, { password: undefined });
    const booking = await createBooking(ctx, {
      customerId: customer.id,
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
      status: 'in_progress',
    });
    const intentId = `pi_money_${booking.id}`;
    await ctx.db.insert(paymentIntents).values({
      bookingId: booking.id,
      customerId: customer.id,
      gateway: 'test',
      intentId,
      clientSecret: `${intentId}_secret_x`,
      idempotencyKey: `booking-${booking.id}-credits-0`,
      amountCents: booking.totalCents,
      status: 'requires_capture',
    });
    return { detailer, booking, intentId };
  }

  it('completing a booking through a context bound to a transaction captures through the gateway, and notifies after commit', async () => {
    const { gateway, captures } = recordingGateway();
    const seen: { isInTransaction: boolean; gateway: PaymentGateway; move: MoneyMove }[] = [];
    const ctx = createTestContext(t.db, {
      gateway,
      clock,
      onMoneyEffect: async (effectCtx, move) => {
        seen.push({ isInTransaction: effectCtx.isInTransaction, gateway: effectCtx.gateway, move });
        await applyMoneyEffect(effectCtx, move);
      },
    });
    const { detailer, booking, intentId } = await authorizedBookingInProgress(ctx);
    await addProofOfService(ctx, detailer.user, booking.id);

    let publishedInside = -1;
    await ctx.transaction(async (tx) => {
      await performDetailerAction(tx, detailer.user, clock.now(), booking.id, 'complete');
      publishedInside = ctx.published.length;
    });

    // The effect handler ran inside the transition, with the transaction's context and a working gateway.
    expect(seen).toHaveLength(1);
    expect(seen[0]!.isInTransaction).toBe(true);
    expect(seen[0]!.gateway).toBe(gateway);
    expect(seen[0]!.move).toMatchObject({ bookingId: booking.id, action: 'complete', effect: 'capture' });
    expect(captures).toEqual([{ intentId, amountCents: undefined }]);

    const [intent] = await t.db.select().from(paymentIntents).where(eq(paymentIntents.intentId, intentId));
    expect(intent!.status).toBe('succeeded');
    const ledger = await t.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(ledger.map((row) => [row.kind, row.status, row.amountCents])).toEqual([['capture', 'succeeded', 5000]]);
    const [row] = await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.status).toBe('completed');

    // Nothing left the building before the commit; both notices (service complete, payment received) after it.
    expect(publishedInside).toBe(0);
    expect(ctx.published.map((delivery) => delivery.notification.title).sort()).toEqual(['Payment received', 'Service complete']);
  });

  it('a move inside a transaction that rolls back moves no money and sends nothing', async () => {
    const { gateway, captures } = recordingGateway();
    const ctx = createTestContext(t.db, { gateway, clock });
    const { detailer, booking, intentId } = await authorizedBookingInProgress(ctx);
    await addProofOfService(ctx, detailer.user, booking.id);

    await expect(
      ctx.transaction(async (tx) => {
        await performDetailerAction(tx, detailer.user, clock.now(), booking.id, 'complete');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');

    // The fake gateway was asked (an edge is outside the transaction), but none of our records moved.
    expect(captures).toEqual([{ intentId, amountCents: undefined }]);
    const [intent] = await t.db.select().from(paymentIntents).where(eq(paymentIntents.intentId, intentId));
    expect(intent!.status).toBe('requires_capture');
    expect(await t.db.select().from(payments).where(eq(payments.bookingId, booking.id))).toEqual([]);
    const [row] = await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.status).toBe('in_progress');
    expect(ctx.published).toEqual([]);
  });
});
