import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { BookingTip, TipIntent } from '@core/schemas/tip.ts';
import { notifications, payments, tips } from '../../server/db/schema.ts';
import { TestGateway, testCards } from '../../server/payments/gateways/test-gateway.ts';
import { applyIntentUpdate } from '../../server/payments/payment-service.ts';
import { alreadyTippedMessage, tipNotCompletedMessage, tipWindowClosedMessage } from '../../server/payments/tip-service.ts';
import { fullyRefundedMessage } from '../../server/payments/payment-refunds.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { createCustomer } from '../factories/index.ts';
import { usePaidBookingTestApp } from '../factories/paid-booking.ts';
import { databaseKinds } from './test-app.ts';

const card = { number: testCards.success, expMonth: 12, expYear: 2030, cvc: '123', zip: '94107' };
const booked = new Date('2026-11-23T16:00:00Z');
const hour = 3_600_000;

/** Tips (decision 020): their own intent and ledger row, captured once, never refunded with the booking. */
describe.each(databaseKinds)('tips on %s', (kind) => {
  const t = usePaidBookingTestApp(kind, booked);
  const { clock, call, paidBooking, completedPaidBooking } = t;

  const gateway = () => t.ctx.gateway as TestGateway;

  const tip = (user: UserRow, bookingId: number, payload: object) => call(user, 'POST', `/api/bookings/${bookingId}/tip`, payload);
  const tipLedger = (bookingId: number) =>
    t.db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, bookingId), eq(payments.kind, 'tip')));
  const tipRows = (bookingId: number) => t.db.select().from(tips).where(eq(tips.bookingId, bookingId));

  it("refuses anyone but the booking's customer with 404, and a booking not completed with 409", async () => {
    const { customer, booking, detailer } = await completedPaidBooking();
    const stranger = await createCustomer(t.ctx, { password: undefined });
    for (const user of [stranger, detailer.user, t.admin]) {
      const response = await tip(user, booking.id, { amountCents: 1000, idempotencyKey: randomUUID() });
      expect(response.statusCode, response.body).toBe(404);
      expect((await call(user, 'GET', `/api/bookings/${booking.id}/tip`)).statusCode).toBe(404);
    }
    const requested = await paidBooking();
    const early = await tip(requested.customer, requested.booking.id, { amountCents: 1000, idempotencyKey: randomUUID() });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(tipNotCompletedMessage);
    expect(await tipRows(booking.id)).toEqual([]);
    expect(customer.id).toBe(booking.customerId);
  });

  it('refuses a bad amount or key with 400 naming the field, and writes nothing', async () => {
    const { customer, booking } = await completedPaidBooking();
    const low = await tip(customer, booking.id, { amountCents: 99, idempotencyKey: randomUUID() });
    expect(low.statusCode).toBe(400);
    expect(low.json().fields).toHaveProperty('amountCents');
    const fraction = await tip(customer, booking.id, { amountCents: 100.5, idempotencyKey: randomUUID() });
    expect(fraction.json().fields).toHaveProperty('amountCents');
    const high = await tip(customer, booking.id, { amountCents: 100_001, idempotencyKey: randomUUID() });
    expect(high.statusCode).toBe(400);
    const key = await tip(customer, booking.id, { amountCents: 1000, idempotencyKey: 'again' });
    expect(key.statusCode).toBe(400);
    expect(key.json().fields).toHaveProperty('idempotencyKey');
    expect(await tipRows(booking.id)).toEqual([]);
  });

  it('is open for 48 hours after completion and closed from then on (409)', async () => {
    const { customer, booking } = await completedPaidBooking();
    const completedAt = clock.now();
    clock.set(new Date(completedAt.getTime() + 48 * hour - 1000));
    expect((await tip(customer, booking.id, { amountCents: 500, idempotencyKey: randomUUID() })).statusCode).toBe(200);
    clock.set(new Date(completedAt.getTime() + 48 * hour));
    const late = await tip(customer, booking.id, { amountCents: 500, idempotencyKey: randomUUID() });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(tipWindowClosedMessage);
    expect(((await call(customer, 'GET', `/api/bookings/${booking.id}/tip`)).json() as BookingTip).canTip).toBe(false);
  });

  it('answers a replay with the same tip, captures once with ONE ledger row and tells the detailer', async () => {
    const { customer, booking, detailer } = await completedPaidBooking();
    const before = (await call(customer, 'GET', `/api/bookings/${booking.id}/tip`)).json() as BookingTip;
    expect(before).toMatchObject({ tip: null, canTip: true });
    expect(before.suggestions.map((s) => [s.percent, s.amountCents])).toEqual([
      [15, 885],
      [20, 1180],
      [25, 1475],
    ]);

    const key = randomUUID();
    const first = (await tip(customer, booking.id, { amountCents: 1180, idempotencyKey: key })).json() as TipIntent;
    const replay = (await tip(customer, booking.id, { amountCents: 1180, idempotencyKey: key })).json() as TipIntent;
    expect(replay).toEqual(first);
    // Someone else cannot confirm the customer's tip.
    const stranger = await createCustomer(t.ctx, { password: undefined });
    expect((await call(stranger, 'POST', '/api/tips/test-gateway/confirm', { clientSecret: first.clientSecret, card })).statusCode).toBe(
      404,
    );

    const paid = await call(customer, 'POST', '/api/tips/test-gateway/confirm', { clientSecret: first.clientSecret, card });
    expect(paid.json()).toMatchObject({ status: 'succeeded', amountCents: 1180, bookingId: booking.id });
    const again = await call(customer, 'POST', '/api/tips/test-gateway/confirm', { clientSecret: first.clientSecret, card });
    expect(again.json()).toMatchObject({ status: 'succeeded' });
    const late = (await tip(customer, booking.id, { amountCents: 1180, idempotencyKey: key })).json() as TipIntent;
    expect(late).toMatchObject({ tipId: first.tipId, status: 'succeeded' });

    expect((await tipLedger(booking.id)).map((r) => [r.amountCents, r.status])).toEqual([[1180, 'succeeded']]);
    expect(await tipRows(booking.id)).toHaveLength(1);
    const after = (await call(customer, 'GET', `/api/bookings/${booking.id}/tip`)).json() as BookingTip;
    expect(after).toMatchObject({ tip: { amountCents: 1180, status: 'succeeded' }, canTip: false });
    const notices = await t.db.select().from(notifications).where(eq(notifications.userId, detailer.user.id));
    expect(notices.map((n) => n.message)).toContainEqual(expect.stringMatching(/^You got a \$11\.80 tip/));
    // The booking's status is the booking's: a tip does not move it.
    expect((await call(customer, 'GET', `/api/bookings/${booking.id}`)).json()).toMatchObject({
      status: 'completed',
      refundableCents: 7872,
    });

    const second = await tip(customer, booking.id, { amountCents: 500, idempotencyKey: randomUUID() });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(alreadyTippedMessage);
  });

  it('records one tip row when the confirm answer, the webhook and a status read all report it at once', async () => {
    const { customer, booking } = await completedPaidBooking();
    const created = (await tip(customer, booking.id, { amountCents: 2000, idempotencyKey: randomUUID() })).json() as TipIntent;
    const [row] = await tipRows(booking.id);
    // The card is authorized at the gateway while its webhook is held back: then everyone reports at once.
    const saved = (gateway() as unknown as { deliver: Parameters<TestGateway['setDelivery']>[0] }).deliver;
    const sent = gateway().sentEvents.length;
    gateway().setDelivery(undefined);
    const authorized = await gateway().confirm(row!.intentId, card);
    gateway().setDelivery(saved);
    const event = gateway().sentEvents[sent]!;
    const webhook = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        payload: event.body,
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signatureHeader },
      });
    const results = await Promise.all([
      applyIntentUpdate(t.ctx, authorized, clock.now()),
      webhook(),
      call(customer, 'GET', `/api/bookings/${booking.id}/tip`),
      applyIntentUpdate(t.ctx, authorized, clock.now()),
    ]);
    expect((results[1] as { statusCode: number }).statusCode).toBe(200);
    expect((await tipLedger(booking.id)).map((r) => r.amountCents)).toEqual([2000]);
    expect((await gateway().retrieve(row!.intentId)).amountReceivedCents).toBe(2000);
    expect((await tipRows(booking.id))[0]).toMatchObject({ status: 'succeeded', cardLast4: '4242' });
    expect(created.status).toBe('requires_payment_method');
    // The booking never heard of it: its own intent is untouched.
    expect((await call(customer, 'GET', `/api/bookings/${booking.id}`)).json()).toMatchObject({ status: 'completed' });
  });

  it("never gives a tip back through the booking's refund", async () => {
    const { customer, booking } = await completedPaidBooking();
    const created = (await tip(customer, booking.id, { amountCents: 1500, idempotencyKey: randomUUID() })).json() as TipIntent;
    await call(customer, 'POST', '/api/tips/test-gateway/confirm', { clientSecret: created.clientSecret, card });
    const tooMuch = await call(t.admin, 'POST', `/api/admin/bookings/${booking.id}/refund`, { amountCents: 7872 + 1500 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe('At most $78.72 can be refunded.');
    const all = await call(t.admin, 'POST', `/api/admin/bookings/${booking.id}/refund`, {});
    expect(all.json()).toMatchObject({ refundedCents: 7872, remainingCents: 0 });
    const more = await call(t.admin, 'POST', `/api/admin/bookings/${booking.id}/refund`, {});
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe(fullyRefundedMessage);
    const [row] = await tipRows(booking.id);
    expect((await gateway().retrieve(row!.intentId)).amountReceivedCents).toBe(1500);
    expect((await tipLedger(booking.id)).map((r) => r.amountCents)).toEqual([1500]);
  });
});
