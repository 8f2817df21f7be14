import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BookingTip, TipIntent } from '@core/schemas/tip.ts';
import { payments, tips } from '../../server/db/schema.ts';
import { TestGateway } from '../../server/payments/gateways/test-gateway.ts';
import { noBookingCardMessage } from '../../server/payments/tip-service.ts';
import { createCustomer } from '../factories/index.ts';
import { usePaidBookingTestApp } from '../factories/paid-booking.ts';
import { databaseKinds } from './test-app.ts';

const booked = new Date('2026-11-23T16:00:00Z');

/**
 * Issue 37: a tip right after a card payment for the same booking takes one tap. The gateway keeps the booking's card
 * (Stripe's setup_future_usage; the built-in gateway models it), and the tip is paid with it, no card typed again.
 */
describe.each(databaseKinds)("tips with the booking's card on %s", (kind) => {
  const t = usePaidBookingTestApp(kind, booked);
  const { call, completedPaidBooking } = t;
  const tip = (user: Parameters<typeof call>[0], bookingId: number, payload: object) =>
    call(user, 'POST', `/api/bookings/${bookingId}/tip`, payload);
  const tipLedger = (bookingId: number) =>
    t.db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, bookingId), eq(payments.kind, 'tip')));

  it("names the booking's card and pays a tip with it in one request, captured once", async () => {
    const { customer, booking } = await completedPaidBooking();
    const before = (await call(customer, 'GET', `/api/bookings/${booking.id}/tip`)).json() as BookingTip;
    expect(before).toMatchObject({ canTip: true, bookingCard: { brand: expect.any(String), last4: '4242' } });

    const key = randomUUID();
    const answer = await tip(customer, booking.id, { amountCents: 1180, idempotencyKey: key, withBookingCard: true });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json() as TipIntent).toMatchObject({ status: 'succeeded', amountCents: 1180 });
    // A replay (a double tap, a retried request) answers the same tip and charges nothing more.
    const replay = (await tip(customer, booking.id, { amountCents: 1180, idempotencyKey: key, withBookingCard: true })).json() as TipIntent;
    expect(replay).toMatchObject({ tipId: (answer.json() as TipIntent).tipId, status: 'succeeded' });
    expect((await tipLedger(booking.id)).map((row) => row.amountCents)).toEqual([1180]);
    const after = (await call(customer, 'GET', `/api/bookings/${booking.id}/tip`)).json() as BookingTip;
    expect(after).toMatchObject({ tip: { amountCents: 1180 }, canTip: false, bookingCard: null });
  });

  it("keeps the booking's card to its customer, and says so when it cannot be used", async () => {
    const { customer, booking, detailer } = await completedPaidBooking();
    const stranger = await createCustomer(t.ctx, { password: undefined });
    for (const user of [stranger, detailer.user, t.admin]) {
      const response = await tip(user, booking.id, { amountCents: 1000, idempotencyKey: randomUUID(), withBookingCard: true });
      expect(response.statusCode).toBe(404);
    }
    const bad = await tip(customer, booking.id, { amountCents: 1000, idempotencyKey: randomUUID(), withBookingCard: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('withBookingCard');

    // The gateway no longer holds the card (detached): no one-tap tip, a clear 409, nothing written.
    const [paid] = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, booking.id), eq(payments.kind, 'capture')));
    const intent = await t.ctx.gateway.retrieve(paid!.intentId);
    await (t.ctx.gateway as TestGateway).detachPaymentMethod(intent.paymentMethodRef!);
    expect(((await call(customer, 'GET', `/api/bookings/${booking.id}/tip`)).json() as BookingTip).bookingCard).toBeNull();
    const refused = await tip(customer, booking.id, { amountCents: 1000, idempotencyKey: randomUUID(), withBookingCard: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(noBookingCardMessage);
    expect(await t.db.select().from(tips).where(eq(tips.bookingId, booking.id))).toEqual([]);
  });
});
