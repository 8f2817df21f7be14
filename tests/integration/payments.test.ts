import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { IntentStatusResponse, PaymentIntentResponse } from '@core/schemas/payments.ts';
import { bookingEvents, bookings, paymentIntents, payments, users, webhookEvents } from '../../server/db/schema.ts';
import { creditsChangedMessage } from '../../server/payments/payment-service.ts';
import { declineMessages, TestGateway, testCards } from '../../server/payments/gateways/test-gateway.ts';
import { intentIdFromClientSecret } from '../../server/payments/gateways/gateway.ts';
import { signWebhook } from '../../server/payments/gateways/webhook-signature.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { createBooking, createCustomer, createDetailer } from '../factories/index.ts';
import { createCaller, createTestApp, createTestClock, databaseKinds, type TestApp } from './test-app.ts';
import { completeJob } from '../factories/job-day.ts';

const webhookSecret = 'whsec_integration_test_secret_0123456789';
const card = (number: string) => ({ number, expMonth: 12, expYear: 2030, cvc: '123', zip: '94107' });

describe.each(databaseKinds)('payments on %s', (kind) => {
  let t: TestApp;
  let gateway: TestGateway;
  const clock = createTestClock();

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { TEST_GATEWAY_WEBHOOK_SECRET: webhookSecret } });
    gateway = t.ctx.gateway as TestGateway;
  });
  afterAll(() => t.close());

  const { call } = createCaller(() => t, clock);

  async function setup(credits = 0) {
    const detailer = await createDetailer(t.ctx);
    const customer = await createCustomer(t.ctx, { password: undefined });
    if (credits) await t.db.update(users).set({ referralCreditsCents: credits }).where(eq(users.id, customer.id));
    const booking = await createBooking(t.ctx, { customerId: customer.id, detailerId: detailer.detailerId, serviceId: detailer.serviceId });
    return { detailer, customer, booking };
  }

  async function intentFor(customer: UserRow, bookingId: number, extra: object = {}) {
    const response = await call(customer, 'POST', '/api/create-payment-intent', { bookingId, ...extra });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as PaymentIntentResponse;
  }

  async function pay(customer: UserRow, clientSecret: string, number: string) {
    const response = await call(customer, 'POST', '/api/payments/test-gateway/confirm', { clientSecret, card: card(number) });
    return { status: response.statusCode, body: response.json() as IntentStatusResponse & { message?: string } };
  }

  const bookingStatus = async (id: number) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!.status;
  const credits = async (userId: number) => (await t.db.select().from(users).where(eq(users.id, userId)))[0]!.referralCreditsCents;
  const ledger = (bookingId: number) => t.db.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(payments.id);
  const authorizeEvents = async (bookingId: number) =>
    (
      await t.db
        .select()
        .from(bookingEvents)
        .where(and(eq(bookingEvents.bookingId, bookingId), eq(bookingEvents.action, 'authorize')))
    ).length;

  it('charges the booking total whatever amount the browser sends', async () => {
    const { customer, booking } = await setup();
    const intent = await intentFor(customer, booking.id, { amount: 0.5, appliedCredits: 0 });
    expect(intent).toMatchObject({ gateway: 'test', publishableKey: null, amountCents: 7872, totalCents: 7872, creditsAppliedCents: 0 });
    const paid = await pay(customer, intent.clientSecret, testCards.success);
    expect(paid.body.status).toBe('requires_capture');
    expect(await bookingStatus(booking.id)).toBe('requested');
    const rows = await ledger(booking.id);
    expect(rows.map((r) => [r.kind, r.amountCents, r.status])).toEqual([['authorize', 7872, 'succeeded']]);
  });

  it('applies no more credits than the user has, leaving the 50 cent minimum on the card', async () => {
    const { customer, booking } = await setup(100_000);
    const intent = await intentFor(customer, booking.id, { appliedCredits: 5000 });
    expect(intent.creditsAppliedCents).toBe(7872 - 50);
    expect(intent.amountCents).toBe(50);
    const { customer: poor, booking: poorBooking } = await setup(300);
    const small = await intentFor(poor, poorBooking.id, { appliedCredits: 99 });
    expect(small).toMatchObject({ creditsAppliedCents: 300, amountCents: 7572 });
    // Credits go down only once the card is authorized.
    expect(await credits(poor.id)).toBe(300);
    await pay(poor, small.clientSecret, testCards.success);
    expect(await credits(poor.id)).toBe(0);
  });

  it('gives the same intent for the same booking and credits, and authorizes it once when replayed 3 times', async () => {
    const { customer, booking } = await setup();
    const intents = await Promise.all([1, 2, 3].map(() => intentFor(customer, booking.id)));
    expect(new Set(intents.map((i) => i.clientSecret)).size).toBe(1);
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await pay(customer, intents[0]!.clientSecret, testCards.success));
    expect(results.map((r) => r.body.status)).toEqual(['requires_capture', 'requires_capture', 'requires_capture']);
    expect((await ledger(booking.id)).filter((r) => r.kind === 'authorize')).toHaveLength(1);
    expect(await authorizeEvents(booking.id)).toBe(1);
    // The gateway itself: one idempotency key replayed 3 times is one intent.
    const direct = await Promise.all(
      [1, 2, 3].map(() =>
        gateway.createIntent({ amountCents: 900, currency: 'usd', idempotencyKey: `replay-${booking.id}`, metadata: {} }),
      ),
    );
    expect(new Set(direct.map((i) => i.id)).size).toBe(1);
  });

  it('applies one webhook once when it is delivered 3 times', async () => {
    const { customer, booking } = await setup(1000);
    const intent = await intentFor(customer, booking.id, { appliedCredits: 10 });
    const intentId = intentIdFromClientSecret(intent.clientSecret)!;
    gateway.setDelivery(undefined);
    const before = gateway.sentEvents.length;
    try {
      await gateway.confirm(intentId, card(testCards.success));
    } finally {
      gateway.setDelivery(async (body, header) => {
        await t.app.inject({
          method: 'POST',
          url: '/api/payments/webhook',
          payload: body,
          headers: { 'content-type': 'application/json', 'stripe-signature': header },
        });
      });
    }
    const event = gateway.sentEvents[before]!;
    expect(await bookingStatus(booking.id)).toBe('pending_payment');
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        payload: event.body,
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signatureHeader },
      });
      answers.push([response.statusCode, (response.json() as { duplicate?: boolean }).duplicate ?? false]);
    }
    expect(answers).toEqual([
      [200, false],
      [200, true],
      [200, true],
    ]);
    expect(await bookingStatus(booking.id)).toBe('requested');
    expect(await authorizeEvents(booking.id)).toBe(1);
    expect((await ledger(booking.id)).filter((r) => r.kind === 'authorize')).toHaveLength(1);
    expect(await credits(customer.id)).toBe(0);
  });

  it('answers 400 and changes nothing for a bad signature or an old timestamp', async () => {
    const { customer, booking } = await setup();
    const intent = await intentFor(customer, booking.id);
    const intentId = intentIdFromClientSecret(intent.clientSecret)!;
    const delivery = gateway.sentEvents.length;
    const saved = (gateway as unknown as { deliver: unknown }).deliver;
    gateway.setDelivery(undefined);
    await gateway.confirm(intentId, card(testCards.success));
    gateway.setDelivery(saved as Parameters<TestGateway['setDelivery']>[0]);
    const { body } = gateway.sentEvents[delivery]!;
    const eventId = (JSON.parse(body) as { id: string }).id;
    const nowSeconds = Math.floor(clock.now().getTime() / 1000);
    const attempts = [
      signWebhook(body, 'whsec_not_the_right_secret', nowSeconds),
      signWebhook(body, webhookSecret, nowSeconds - 6 * 60),
      `t=${nowSeconds},v1=${'0'.repeat(64)}`,
      '',
    ];
    for (const signature of attempts) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        payload: body,
        headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
      });
      expect(response.statusCode).toBe(400);
    }
    expect(body).toContain('"amountCapturableCents":7872');
    const tampered = body.replace('"amountCapturableCents":7872', '"amountCapturableCents":1');
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: tampered,
      headers: { 'content-type': 'application/json', 'stripe-signature': gateway.sentEvents[delivery]!.signatureHeader },
    });
    expect(forged.statusCode).toBe(400);
    expect(await bookingStatus(booking.id)).toBe('pending_payment');
    expect(await ledger(booking.id)).toHaveLength(0);
    expect(await t.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId))).toHaveLength(0);
  });

  it('never spends the same credits twice when two checkouts authorize at once', async () => {
    const { customer, booking: first, detailer } = await setup(2000);
    const second = await createBooking(t.ctx, {
      customerId: customer.id,
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
      startsAt: new Date('2026-12-02T17:00:00Z'),
    });
    const a = await intentFor(customer, first.id, { appliedCredits: 20 });
    const b = await intentFor(customer, second.id, { appliedCredits: 20 });
    expect([a.creditsAppliedCents, b.creditsAppliedCents]).toEqual([2000, 2000]);
    const results = await Promise.all([pay(customer, a.clientSecret, testCards.success), pay(customer, b.clientSecret, testCards.success)]);
    const statuses = results.map((r) => r.body.status).sort();
    expect(statuses).toEqual(['canceled', 'requires_capture']);
    expect(results.find((r) => r.body.status === 'canceled')!.body.errorMessage).toBe(creditsChangedMessage);
    expect(await credits(customer.id)).toBe(0);
    const bookingStatuses = [await bookingStatus(first.id), await bookingStatus(second.id)].sort();
    expect(bookingStatuses).toEqual(['pending_payment', 'requested']);
    // The released one can be paid again, now without credits.
    const unpaid = (await bookingStatus(first.id)) === 'pending_payment' ? first : second;
    const retry = await intentFor(customer, unpaid.id, { appliedCredits: 20 });
    expect(retry).toMatchObject({ creditsAppliedCents: 0, amountCents: 7872 });
    expect((await pay(customer, retry.clientSecret, testCards.success)).body.status).toBe('requires_capture');
    const releases = [...(await ledger(first.id)), ...(await ledger(second.id))].filter((r) => r.kind === 'release');
    expect(releases).toHaveLength(1);
  });

  it.each([
    [testCards.success, 'requires_capture', null],
    [testCards.declined, 'requires_payment_method', declineMessages.declined],
    [testCards.insufficientFunds, 'requires_payment_method', declineMessages.insufficientFunds],
    [testCards.authenticationRequired, 'requires_action', null],
  ])('card %s reaches %s', async (number, status, message) => {
    const { customer, booking } = await setup();
    const intent = await intentFor(customer, booking.id);
    const paid = await pay(customer, intent.clientSecret, number);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status, errorMessage: message });
    expect(await bookingStatus(booking.id)).toBe(status === 'requires_capture' ? 'requested' : 'pending_payment');
    const read = await call(customer, 'GET', `/api/payments/intent-status?client_secret=${encodeURIComponent(intent.clientSecret)}`);
    expect((read.json() as IntentStatusResponse).status).toBe(status);
  });

  it('3-D Secure: approving authorizes, failing leaves the booking awaiting payment', async () => {
    const { customer, booking } = await setup();
    const intent = await intentFor(customer, booking.id);
    await pay(customer, intent.clientSecret, testCards.authenticationRequired);
    const failed = await call(customer, 'POST', '/api/payments/test-gateway/authenticate', {
      clientSecret: intent.clientSecret,
      approve: false,
    });
    expect(failed.json()).toMatchObject({ status: 'requires_payment_method', errorMessage: declineMessages.authenticationFailed });
    expect(await bookingStatus(booking.id)).toBe('pending_payment');
    await pay(customer, intent.clientSecret, testCards.authenticationRequired);
    const approved = await call(customer, 'POST', '/api/payments/test-gateway/authenticate', {
      clientSecret: intent.clientSecret,
      approve: true,
    });
    expect(approved.json()).toMatchObject({ status: 'requires_capture' });
    expect(await bookingStatus(booking.id)).toBe('requested');
  });

  it("refuses another customer's booking and payment, signed-out callers, and bookings not awaiting payment", async () => {
    const { customer, booking } = await setup();
    const stranger = await createCustomer(t.ctx, { password: undefined });
    const other = await call(stranger, 'POST', '/api/create-payment-intent', { bookingId: booking.id });
    expect(other.statusCode).toBe(404);
    expect((await call(null, 'POST', '/api/create-payment-intent', { bookingId: booking.id })).statusCode).toBe(401);
    expect((await call(customer, 'POST', '/api/create-payment-intent', {})).statusCode).toBe(400);
    const intent = await intentFor(customer, booking.id);
    expect((await pay(stranger, intent.clientSecret, testCards.success)).status).toBe(404);
    const peek = await call(stranger, 'GET', `/api/payments/intent-status?client_secret=${encodeURIComponent(intent.clientSecret)}`);
    expect(peek.statusCode).toBe(404);
    expect(await bookingStatus(booking.id)).toBe('pending_payment');
    await pay(customer, intent.clientSecret, testCards.success);
    const again = await call(customer, 'POST', '/api/create-payment-intent', { bookingId: booking.id });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a booking whose hold has lapsed', async () => {
    const { customer, booking } = await setup();
    await t.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(clock.now().getTime() - 1000) })
      .where(eq(bookings.id, booking.id));
    const response = await call(customer, 'POST', '/api/create-payment-intent', { bookingId: booking.id });
    expect(response.statusCode).toBe(409);
  });

  it('captures on completion, releases on decline (credits back) and takes only the fee on a late cancellation', async () => {
    // Completion
    const done = await setup();
    const i1 = await intentFor(done.customer, done.booking.id);
    await pay(done.customer, i1.clientSecret, testCards.success);
    // On my way and Start open shortly before the start (decision 015): the job is done at its start.
    await completeJob({
      ctx: t.ctx,
      clock,
      detailer: done.detailer.user,
      booking: done.booking,
      post: (path) => call(done.detailer.user, 'POST', path),
      restoreClock: true,
    });
    expect((await ledger(done.booking.id)).map((r) => [r.kind, r.amountCents])).toEqual([
      ['authorize', 7872],
      ['capture', 7872],
    ]);

    // Decline
    const declined = await setup(500);
    const i2 = await intentFor(declined.customer, declined.booking.id, { appliedCredits: 5 });
    await pay(declined.customer, i2.clientSecret, testCards.success);
    expect(await credits(declined.customer.id)).toBe(0);
    expect((await call(declined.detailer.user, 'POST', `/api/bookings/${declined.booking.id}/decline`)).statusCode).toBe(200);
    expect((await ledger(declined.booking.id)).map((r) => [r.kind, r.amountCents])).toEqual([
      ['authorize', 7372],
      ['release', 7372],
    ]);
    expect(await credits(declined.customer.id)).toBe(500);

    // Late cancellation: the booking starts in 2 hours.
    const late = await setup();
    await t.db
      .update(bookings)
      .set({ startsAt: new Date(clock.now().getTime() + 2 * 3_600_000), endsAt: new Date(clock.now().getTime() + 3 * 3_600_000) })
      .where(eq(bookings.id, late.booking.id));
    const i3 = await intentFor(late.customer, late.booking.id);
    await pay(late.customer, i3.clientSecret, testCards.success);
    const cancelled = await call(late.customer, 'POST', `/api/bookings/${late.booking.id}/cancel`, { confirmFee: true });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await ledger(late.booking.id)).map((r) => [r.kind, r.amountCents])).toEqual([
      ['authorize', 7872],
      ['capture', 1500],
    ]);

    // Late cancellation of a booking credits paid for down to the card's 50 cents: the rest of the fee is taken from
    // the credits given back (security review: it used to cost 50 cents, every credit returned).
    const covered = await setup(100_000);
    await t.db
      .update(bookings)
      .set({ startsAt: new Date(clock.now().getTime() + 2 * 3_600_000), endsAt: new Date(clock.now().getTime() + 3 * 3_600_000) })
      .where(eq(bookings.id, covered.booking.id));
    const i5 = await intentFor(covered.customer, covered.booking.id, { appliedCredits: 5000 });
    expect(i5).toMatchObject({ amountCents: 50, creditsAppliedCents: 7822 });
    await pay(covered.customer, i5.clientSecret, testCards.success);
    expect(await credits(covered.customer.id)).toBe(100_000 - 7822);
    expect((await call(covered.customer, 'POST', `/api/bookings/${covered.booking.id}/cancel`, { confirmFee: true })).statusCode).toBe(200);
    expect((await ledger(covered.booking.id)).map((r) => [r.kind, r.amountCents])).toEqual([
      ['authorize', 50],
      ['capture', 50],
    ]);
    expect(await credits(covered.customer.id)).toBe(100_000 - 1450);

    // Free cancellation
    const free = await setup();
    const i4 = await intentFor(free.customer, free.booking.id);
    await pay(free.customer, i4.clientSecret, testCards.success);
    expect((await call(free.customer, 'POST', `/api/bookings/${free.booking.id}/cancel`, {})).statusCode).toBe(200);
    expect((await ledger(free.booking.id)).map((r) => r.kind)).toEqual(['authorize', 'release']);
    const [row] = await t.db.select().from(paymentIntents).where(eq(paymentIntents.bookingId, free.booking.id));
    expect(row!.status).toBe('canceled');
  });
});
