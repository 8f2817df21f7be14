import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { IntentStatusResponse, PaymentIntentResponse, SavedCard } from '@core/schemas/payments.ts';
import { testWalletPaymentMethod } from '@core/schemas/one-tap.ts';
import type { BookingTip, TipIntent } from '@core/schemas/tip.ts';
import { bookings, payments, savedCards, tips } from '../../server/db/schema.ts';
import { intentIdFromClientSecret } from '../../server/payments/gateways/gateway.ts';
import { testCards, type TestGateway } from '../../server/payments/gateways/test-gateway.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { createBooking, createCustomer, createDetailer } from '../factories/index.ts';
import { usePaidBookingTestApp } from '../factories/paid-booking.ts';
import { databaseKinds } from './test-app.ts';

const booked = new Date('2026-11-23T16:00:00Z');
const card = (number: string) => ({ number, expMonth: 12, expYear: 2030, cvc: '123', zip: '94107' });
const mastercard = '5555555555554444';

/**
 * Issue 41, decision 051: the card kept at checkout ('Keep this card for next time') is the customer's default, one
 * per customer by the database; the next booking, a tip and the wallet pay through the same intent and its amount.
 */
describe.each(databaseKinds)('pay in one tap on %s', (kind) => {
  const t = usePaidBookingTestApp(kind, booked);
  const { call, completedPaidBooking } = t;
  const gateway = () => t.ctx.gateway as TestGateway;

  /** A booking of `customer` (a new one unless given) awaiting payment, and its intent made by the server. */
  async function unpaidBooking(customer?: UserRow) {
    t.clock.set(booked);
    const detailer = await createDetailer(t.ctx);
    const payer = customer ?? (await createCustomer(t.ctx, { password: undefined }));
    const booking = await createBooking(t.ctx, { customerId: payer.id, detailerId: detailer.detailerId, serviceId: detailer.serviceId });
    // A forged amount on the way in is ignored: the intent is the booking's total.
    const made = await call(payer, 'POST', '/api/create-payment-intent', { bookingId: booking.id, amount: 0.5 });
    expect(made.statusCode, made.body).toBe(200);
    return { customer: payer, booking, intent: made.json() as PaymentIntentResponse };
  }
  const cardsOf = async (user: UserRow) => (await call(user, 'GET', '/api/payment-methods')).json() as SavedCard[];
  const bookingStatus = async (id: number) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!.status;
  const authorizedCents = async (bookingId: number) =>
    (
      await t.db
        .select()
        .from(payments)
        .where(and(eq(payments.bookingId, bookingId), eq(payments.kind, 'authorize')))
    ).map((row) => row.amountCents);
  const confirm = (user: UserRow | null, payload: object) => call(user, 'POST', '/api/payments/test-gateway/confirm', payload);
  const payByWallet = (user: UserRow | null, payload: object) => call(user, 'POST', '/api/payments/wallet/confirm', payload);

  /** A customer who paid a first booking with 'Keep this card for next time'; the card kept is their default. */
  async function customerWithKeptCard(number: string = testCards.success) {
    const first = await unpaidBooking();
    const paid = await confirm(first.customer, { clientSecret: first.intent.clientSecret, card: card(number), saveCard: true });
    expect(paid.json()).toMatchObject({ status: 'requires_capture' });
    const [kept] = await cardsOf(first.customer);
    return { customer: first.customer, kept: kept! };
  }

  describe('the default card', () => {
    it('makes the card kept at checkout the default, the newest kept card replacing it, and lists it first', async () => {
      const { customer, kept } = await customerWithKeptCard();
      expect(kept).toMatchObject({ brand: 'visa', last4: '4242', isDefault: true });

      const second = await unpaidBooking(customer);
      await confirm(customer, { clientSecret: second.intent.clientSecret, card: card(mastercard), saveCard: true });
      const cards = await cardsOf(customer);
      expect(cards.map((c) => [c.last4, c.isDefault])).toEqual([
        ['4444', true],
        ['4242', false],
      ]);
    });

    it('holds one default per customer in the database itself', async () => {
      const { customer, kept } = await customerWithKeptCard();
      const [row] = await t.db.select().from(savedCards).where(eq(savedCards.id, kept.id));
      const { id: _id, ...copy } = row!;
      // A second default for the same customer is refused by saved_cards_one_default_per_user, whatever the code does.
      await expect(t.db.insert(savedCards).values({ ...copy, gatewayRef: 'pm_test_second_default' })).rejects.toThrow();
      // A second card that is not the default, and another customer's default, are fine.
      await t.db.insert(savedCards).values({ ...copy, gatewayRef: 'pm_test_not_default', isDefault: false });
      const other = await createCustomer(t.ctx, { password: undefined });
      await t.db.insert(savedCards).values({ ...copy, userId: other.id, gatewayRef: 'pm_test_other_default' });
      const defaults = await t.db
        .select()
        .from(savedCards)
        .where(and(eq(savedCards.userId, customer.id), eq(savedCards.isDefault, true)));
      expect(defaults.map((c) => c.id)).toEqual([kept.id]);
    });

    it("'Make default' moves the default to my own card; anyone else's card is 404 and nothing changes", async () => {
      const { customer, kept } = await customerWithKeptCard();
      const added = (await call(customer, 'POST', '/api/payment-methods', { card: card(mastercard) })).json() as SavedCard;
      // A card added on /payment-methods beside a default does not take its place.
      expect(added.isDefault).toBe(false);

      const made = await call(customer, 'POST', `/api/payment-methods/${added.id}/default`);
      expect(made.statusCode, made.body).toBe(200);
      expect(made.json()).toMatchObject({ id: added.id, isDefault: true });
      expect((await cardsOf(customer)).map((c) => [c.id, c.isDefault])).toEqual([
        [added.id, true],
        [kept.id, false],
      ]);

      const stranger = await createCustomer(t.ctx, { password: undefined });
      expect((await call(stranger, 'POST', `/api/payment-methods/${kept.id}/default`)).statusCode).toBe(404);
      expect((await call(null, 'POST', `/api/payment-methods/${kept.id}/default`)).statusCode).toBe(401);
      expect((await call(customer, 'POST', '/api/payment-methods/abc/default')).statusCode).toBe(400);
      expect((await cardsOf(customer)).find((c) => c.isDefault)?.id).toBe(added.id);
    });

    it('the first card added on /payment-methods is the default; removing the default leaves none', async () => {
      const customer = await createCustomer(t.ctx, { password: undefined });
      const first = (await call(customer, 'POST', '/api/payment-methods', { card: card(testCards.success) })).json() as SavedCard;
      const second = (await call(customer, 'POST', '/api/payment-methods', { card: card(mastercard) })).json() as SavedCard;
      expect([first.isDefault, second.isDefault]).toEqual([true, false]);
      expect((await call(customer, 'DELETE', `/api/payment-methods/${first.id}`)).statusCode).toBe(200);
      expect(await cardsOf(customer)).toEqual([second]);
    });
  });

  describe('one tap at checkout', () => {
    it("pays the next booking with the default card at the server's amount", async () => {
      const { customer, kept } = await customerWithKeptCard();
      const next = await unpaidBooking(customer);
      expect(next.intent.amountCents).toBe(next.booking.totalCents);
      const paid = await confirm(customer, { clientSecret: next.intent.clientSecret, paymentMethodId: kept.id });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json() as IntentStatusResponse).toMatchObject({ status: 'requires_capture', amountCents: next.booking.totalCents });
      expect(await bookingStatus(next.booking.id)).toBe('requested');
      expect(await authorizedCents(next.booking.id)).toEqual([next.booking.totalCents]);
      const charged = await t.ctx.gateway.retrieve(intentIdFromClientSecret(next.intent.clientSecret)!);
      expect(charged.card).toMatchObject({ brand: kept.brand, last4: kept.last4 });
    });

    it("refuses someone else's card (404) before the gateway is asked, and a removed card cannot be charged", async () => {
      const owner = await customerWithKeptCard();
      const { customer, booking, intent } = await unpaidBooking();
      const theirs = await confirm(customer, { clientSecret: intent.clientSecret, paymentMethodId: owner.kept.id });
      expect(theirs.statusCode).toBe(404);
      expect(await bookingStatus(booking.id)).toBe('pending_payment');

      const [row] = await t.db.select().from(savedCards).where(eq(savedCards.id, owner.kept.id));
      expect((await call(owner.customer, 'DELETE', `/api/payment-methods/${owner.kept.id}`)).statusCode).toBe(200);
      expect(await gateway().hasPaymentMethod(row!.gatewayRef)).toBe(false);
      const next = await unpaidBooking(owner.customer);
      const removed = await confirm(owner.customer, { clientSecret: next.intent.clientSecret, paymentMethodId: owner.kept.id });
      expect(removed.statusCode).toBe(404);
      expect(await bookingStatus(next.booking.id)).toBe('pending_payment');
      expect(await authorizedCents(next.booking.id)).toEqual([]);
    });
  });

  describe('the test wallet (POST /api/payments/wallet/confirm)', () => {
    it("authorizes the booking's own intent at the server's amount, whatever amount is sent along", async () => {
      const { customer, booking, intent } = await unpaidBooking();
      const paid = await payByWallet(customer, {
        clientSecret: intent.clientSecret,
        walletPaymentMethod: testWalletPaymentMethod,
        amount: 0.5,
        amountCents: 50,
      });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json() as IntentStatusResponse).toMatchObject({ status: 'requires_capture', amountCents: booking.totalCents });
      expect(await bookingStatus(booking.id)).toBe('requested');
      expect(await authorizedCents(booking.id)).toEqual([booking.totalCents]);
      // Again (a double tap): the same answer, one authorization.
      const again = await payByWallet(customer, { clientSecret: intent.clientSecret, walletPaymentMethod: testWalletPaymentMethod });
      expect(again.json()).toMatchObject({ status: 'requires_capture' });
      expect(await authorizedCents(booking.id)).toEqual([booking.totalCents]);
    });

    it("refuses signed-out callers, someone else's payment, bad input and an unknown wallet, changing nothing", async () => {
      const { customer, booking, intent } = await unpaidBooking();
      const stranger = await createCustomer(t.ctx, { password: undefined });
      const body = { clientSecret: intent.clientSecret, walletPaymentMethod: testWalletPaymentMethod };
      expect((await payByWallet(null, body)).statusCode).toBe(401);
      expect((await payByWallet(stranger, body)).statusCode).toBe(404);
      const missing = await payByWallet(customer, { clientSecret: intent.clientSecret });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fields).toHaveProperty('walletPaymentMethod');
      const unknown = await payByWallet(customer, { ...body, walletPaymentMethod: 'pm_made_up' });
      expect(unknown.statusCode).toBe(409);
      expect(await bookingStatus(booking.id)).toBe('pending_payment');
      expect(await authorizedCents(booking.id)).toEqual([]);
    });
  });

  it('a one-tap tip pays with the default card rather than the booking’s', async () => {
    const { customer, booking } = await completedPaidBooking();
    const added = (await call(customer, 'POST', '/api/payment-methods', { card: card(mastercard) })).json() as SavedCard;
    expect(added.isDefault).toBe(true);
    const offer = (await call(customer, 'GET', `/api/bookings/${booking.id}/tip`)).json() as BookingTip;
    expect(offer.bookingCard).toEqual({ brand: 'mastercard', last4: '4444' });
    const answer = await call(customer, 'POST', `/api/bookings/${booking.id}/tip`, {
      amountCents: 900,
      idempotencyKey: randomUUID(),
      withBookingCard: true,
    });
    expect(answer.json() as TipIntent).toMatchObject({ status: 'succeeded', amountCents: 900 });
    const [row] = await t.db.select().from(tips).where(eq(tips.bookingId, booking.id));
    expect(row).toMatchObject({ cardLast4: '4444', status: 'succeeded' });
  });
});
