import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { testGatewayIntents, testGatewayPaymentMethods } from '../../db/schema.ts';
import { WebhookSignatureError } from './gateway.ts';
import { declineMessages, TestGateway, testCards } from './test-gateway.ts';
import { signWebhook } from './webhook-signature.ts';

const secret = 'whsec_unit_test_secret_123';
const now = new Date('2026-11-22T10:00:00Z');
const card = (number: string) => ({ number, expMonth: 12, expYear: 2030, cvc: '123', zip: '94107' });

// The gateway keeps its records in its own tables: one in-memory database for the file, unique ids per test.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ dataDir: undefined });
});
afterAll(() => database.close());

function setup() {
  const delivered: { body: string; header: string }[] = [];
  const gateway = new TestGateway({
    db: database.db,
    webhookSecret: secret,
    now: () => now,
    deliver: async (body, header) => {
      delivered.push({ body, header });
    },
  });
  const types = () => delivered.map((d) => (JSON.parse(d.body) as { type: string }).type);
  const intent = () =>
    gateway.createIntent({ amountCents: 7872, currency: 'usd', idempotencyKey: `k-${Math.random()}`, metadata: { bookingId: '1' } });
  return { gateway, delivered, types, intent };
}

describe('TestGateway', () => {
  it('starts at requires_payment_method with a client secret naming the intent', async () => {
    const { intent } = setup();
    const created = await intent();
    expect(created.status).toBe('requires_payment_method');
    expect(created.clientSecret.startsWith(`${created.id}_secret_`)).toBe(true);
  });

  it('gives the same intent for the same idempotency key and refuses a different amount with it', async () => {
    const { gateway } = setup();
    const input = { amountCents: 5000, currency: 'usd' as const, idempotencyKey: 'same-key', metadata: {} };
    const a = await gateway.createIntent(input);
    const b = await gateway.createIntent(input);
    expect(b.id).toBe(a.id);
    await expect(gateway.createIntent({ ...input, amountCents: 6000 })).rejects.toThrow(/same parameters/);
  });

  it('refuses an amount under the 50 cent minimum', async () => {
    const { gateway } = setup();
    await expect(gateway.createIntent({ amountCents: 49, currency: 'usd', idempotencyKey: 'x', metadata: {} })).rejects.toThrow(/at least/);
  });

  it('4242 authorizes (requires_capture) and keeps only brand and last four', async () => {
    const { gateway, intent, types } = setup();
    const { id } = await intent();
    const result = await gateway.confirm(id, card(testCards.success));
    expect(result.status).toBe('requires_capture');
    expect(result.amountCapturableCents).toBe(7872);
    expect(result.card).toEqual({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
    expect(JSON.stringify(result)).not.toContain('4242424242424242');
    expect(types()).toEqual(['payment_intent.amount_capturable_updated']);
  });

  it.each([
    [testCards.declined, declineMessages.declined],
    [testCards.insufficientFunds, declineMessages.insufficientFunds],
    ['4242424242424241', declineMessages.incorrectNumber],
  ])('%s is refused with "%s"', async (number, message) => {
    const { gateway, intent, types } = setup();
    const { id } = await intent();
    const result = await gateway.confirm(id, card(number));
    expect(result.status).toBe('requires_payment_method');
    expect(result.lastErrorMessage).toBe(message);
    expect(types()).toEqual(['payment_intent.payment_failed']);
    // A refused card can be replaced by another.
    expect((await gateway.confirm(id, card(testCards.success))).status).toBe('requires_capture');
  });

  it('refuses an expired card', async () => {
    const { gateway, intent } = setup();
    const { id } = await intent();
    const result = await gateway.confirm(id, { ...card(testCards.success), expMonth: 1, expYear: 2026 });
    expect(result.lastErrorMessage).toBe(declineMessages.expired);
  });

  it('3155 asks for authentication; approving authorizes, failing refuses', async () => {
    const { gateway, intent } = setup();
    const a = await intent();
    expect((await gateway.confirm(a.id, card(testCards.authenticationRequired))).status).toBe('requires_action');
    expect((await gateway.authenticate(a.id, true)).status).toBe('requires_capture');
    const b = await intent();
    await gateway.confirm(b.id, card(testCards.authenticationRequired));
    const failed = await gateway.authenticate(b.id, false);
    expect(failed.status).toBe('requires_payment_method');
    expect(failed.lastErrorMessage).toBe(declineMessages.authenticationFailed);
    await expect(gateway.authenticate(b.id, true)).rejects.toThrow(/nothing to authenticate/);
  });

  it('captures all or part of an authorization, once', async () => {
    const { gateway, intent, types } = setup();
    const { id } = await intent();
    await expect(gateway.capture(id)).rejects.toThrow(/requires_payment_method/);
    await gateway.confirm(id, card(testCards.success));
    await expect(gateway.capture(id, 9000)).rejects.toThrow(/at most/);
    const captured = await gateway.capture(id, 1500);
    expect(captured.status).toBe('succeeded');
    expect(captured.amountReceivedCents).toBe(1500);
    await expect(gateway.capture(id)).rejects.toThrow(/succeeded/);
    await expect(gateway.confirm(id, card(testCards.success))).rejects.toThrow(/cannot be confirmed/);
    expect(types()).toContain('payment_intent.succeeded');
  });

  it('releases (cancels) an authorization but not a captured payment', async () => {
    const { gateway, intent, types } = setup();
    const a = await intent();
    await gateway.confirm(a.id, card(testCards.success));
    expect((await gateway.cancel(a.id)).status).toBe('canceled');
    expect(types()).toContain('payment_intent.canceled');
    await expect(gateway.cancel(a.id)).rejects.toThrow(/canceled/);
    const b = await intent();
    await gateway.confirm(b.id, card(testCards.success));
    await gateway.capture(b.id);
    await expect(gateway.cancel(b.id)).rejects.toThrow(/succeeded/);
  });

  it('refunds up to what was captured', async () => {
    const { gateway, intent } = setup();
    const { id } = await intent();
    await expect(gateway.refund(id, 100)).rejects.toThrow(/captured/);
    await gateway.confirm(id, card(testCards.success));
    await gateway.capture(id);
    expect((await gateway.refund(id, 7000)).status).toBe('succeeded');
    await expect(gateway.refund(id, 7000)).rejects.toThrow(/at most/);
  });

  it('signs its webhooks so that parseWebhook accepts them, and refuses tampering, other secrets and old timestamps', async () => {
    const { gateway, intent, delivered } = setup();
    const { id } = await intent();
    await gateway.confirm(id, card(testCards.success));
    const { body, header } = delivered[0]!;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = gateway.parseWebhook(body, header);
    expect(event.type).toBe('payment_intent.amount_capturable_updated');
    expect(event.intentId).toBe(id);
    expect(() => gateway.parseWebhook(body.replace('7872', '1'), header)).toThrow(WebhookSignatureError);
    expect(() => gateway.parseWebhook(body, undefined)).toThrow(WebhookSignatureError);
    const created = Math.floor(now.getTime() / 1000);
    expect(() => gateway.parseWebhook(body, signWebhook(body, 'whsec_some_other_secret', created))).toThrow(WebhookSignatureError);
    expect(() => gateway.parseWebhook(body, signWebhook(body, secret, created - 301))).toThrow(/tolerance/);
    expect(gateway.parseWebhook(body, signWebhook(body, secret, created - 299)).id).toBe(event.id);
  });

  it('saves a card as a reference with brand, last four and expiry, refusing bad or declined cards, and detaches it', async () => {
    const { gateway } = setup();
    const method = await gateway.createPaymentMethod(card('5555 5555 5555 4444'));
    expect(method).toEqual({
      ref: expect.stringMatching(/^pm_test_[0-9a-f]+$/),
      brand: 'mastercard',
      last4: '4444',
      expMonth: 12,
      expYear: 2030,
    });
    expect(await gateway.hasPaymentMethod(method.ref)).toBe(true);
    await expect(gateway.createPaymentMethod(card('4242424242424241'))).rejects.toThrow(declineMessages.incorrectNumber);
    await expect(gateway.createPaymentMethod({ ...card(testCards.success), expYear: 2025 })).rejects.toThrow(declineMessages.expired);
    await expect(gateway.createPaymentMethod(card(testCards.declined))).rejects.toThrow(declineMessages.declined);
    await gateway.detachPaymentMethod(method.ref);
    expect(await gateway.hasPaymentMethod(method.ref)).toBe(false);
  });

  it('refunds once per idempotency key and never more than was captured', async () => {
    const { gateway, intent } = setup();
    const { id } = await intent();
    await gateway.confirm(id, card(testCards.success));
    await gateway.capture(id);
    const first = await gateway.refund(id, 5000, 'refund-1');
    expect(await gateway.refund(id, 5000, 'refund-1')).toEqual(first);
    expect((await gateway.retrieve(id)).amountReceivedCents).toBe(2872);
    await expect(gateway.refund(id, 5000, 'refund-2')).rejects.toThrow(/at most the amount captured/);
  });

  it('keeps its intents and saved cards in the database: a new instance (a restart) captures what the old one authorized', async () => {
    const { gateway, intent } = setup();
    const { id } = await intent();
    const method = await gateway.createPaymentMethod(card(testCards.success));
    await gateway.confirm(id, card(testCards.success));
    const restarted = new TestGateway({ db: database.db, webhookSecret: secret, now: () => now });
    expect((await restarted.retrieve(id)).status).toBe('requires_capture');
    expect((await restarted.capture(id)).amountReceivedCents).toBe(7872);
    const other = await intent();
    expect((await restarted.confirmWithPaymentMethod(other.id, method.ref)).status).toBe('requires_capture');
  });

  it('never stores a card number, even of a saved card', async () => {
    const { gateway, intent } = setup();
    const { id } = await intent();
    await gateway.createPaymentMethod(card('5555 5555 5555 4444'));
    await gateway.confirm(id, card('4000 0566 5566 5556'));
    const dump = JSON.stringify([
      await database.db.select().from(testGatewayIntents),
      await database.db.select().from(testGatewayPaymentMethods),
    ]);
    expect(dump).not.toContain('5555555555554444');
    expect(dump).not.toContain('4000056655665556');
  });

  it('lets only one of two concurrent captures through', async () => {
    const { gateway, intent } = setup();
    const { id } = await intent();
    await gateway.confirm(id, card(testCards.success));
    const results = await Promise.allSettled([gateway.capture(id), gateway.capture(id)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('reads only an event id, a type and an intent id from a signed body, and refuses a body that is not an event', async () => {
    const { gateway } = setup();
    const created = Math.floor(now.getTime() / 1000);
    const signed = (value: unknown) => {
      const body = JSON.stringify(value);
      return () => gateway.parseWebhook(body, signWebhook(body, secret, created));
    };
    for (const junk of [[], 'text', 42, null, { id: 'evt_1', type: 'x' }, { id: 'evt_1', type: 'x', created, data: { object: [] } }]) {
      expect(signed(junk)).toThrow(WebhookSignatureError);
    }
    const lying = {
      id: 'evt_1',
      type: 'payment_intent.succeeded',
      created,
      data: { object: { id: 'pi_test_1', status: 'succeeded', amountReceivedCents: 1 } },
    };
    expect(signed(lying)()).toEqual({ id: 'evt_1', type: 'payment_intent.succeeded', created, intentId: 'pi_test_1' });
  });

  it("keeps the card an intent was paid with when asked (Stripe's setup_future_usage), and only a card it accepted", async () => {
    const { gateway } = setup();
    const keeping = () =>
      gateway.createIntent({
        amountCents: 7872,
        currency: 'usd',
        idempotencyKey: `keep-${Math.random()}`,
        metadata: {},
        keepPaymentMethod: true,
      });
    const paid = await gateway.confirm((await keeping()).id, card(testCards.success));
    expect(paid.status).toBe('requires_capture');
    expect(paid.paymentMethodRef).toMatch(/^pm_test_/);
    expect(await gateway.retrievePaymentMethod(paid.paymentMethodRef!)).toMatchObject({ last4: '4242', expMonth: 12, expYear: 2030 });
    // The kept card pays a second intent with the same outcome as typing it.
    const again = await gateway.confirmWithPaymentMethod(
      (await gateway.createIntent({ amountCents: 500, currency: 'usd', idempotencyKey: `tip-${Math.random()}`, metadata: {} })).id,
      paid.paymentMethodRef!,
    );
    expect(again).toMatchObject({ status: 'requires_capture', card: { last4: '4242' } });

    const declined = await gateway.confirm((await keeping()).id, card(testCards.declined));
    expect(declined).toMatchObject({ status: 'requires_payment_method', paymentMethodRef: null });
    // Without the flag nothing is kept.
    const plain = await gateway.confirm((await setup().intent()).id, card(testCards.success));
    expect(plain.paymentMethodRef ?? null).toBeNull();
  });
});
