import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { IntentStatusResponse, PaymentIntentResponse, RefundResponse, SavedCard } from '@core/schemas/payments.ts';
import { bookings, notifications, payments, savedCards } from '../../server/db/schema.ts';
import { fullyRefundedMessage, onlyCompletedRefundMessage } from '../../server/payments/payment-refunds.ts';
import { declineMessages, testCards, type TestGateway } from '../../server/payments/gateways/test-gateway.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { createAdmin, createBooking, createCustomer, createDetailer } from '../factories/index.ts';
import { createCaller, createTestApp, createTestClock, databaseKinds, type TestApp } from './test-app.ts';
import { completeJob } from '../factories/job-day.ts';

const card = (number: string, expYear = 2030) => ({ number, expMonth: 12, expYear, cvc: '123', zip: '94107' });

describe.each(databaseKinds)('saved cards, payment notices and refunds on %s', (kind) => {
  let t: TestApp;
  let gateway: TestGateway;
  const clock = createTestClock();

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    gateway = t.ctx.gateway as TestGateway;
  });
  afterAll(() => t.close());

  const { call } = createCaller(() => t, clock);

  /** A booked, paid (authorized) booking; `complete` runs it to completion (captured). */
  async function paidBooking(options: { complete?: boolean; saveCard?: boolean } = {}) {
    const detailer = await createDetailer(t.ctx);
    const customer = await createCustomer(t.ctx, { password: undefined });
    const booking = await createBooking(t.ctx, { customerId: customer.id, detailerId: detailer.detailerId, serviceId: detailer.serviceId });
    const intent = (await call(customer, 'POST', '/api/create-payment-intent', { bookingId: booking.id })).json() as PaymentIntentResponse;
    const paid = await call(customer, 'POST', '/api/payments/test-gateway/confirm', {
      clientSecret: intent.clientSecret,
      card: card(testCards.success),
      ...(options.saveCard ? { saveCard: true } : {}),
    });
    expect(paid.json()).toMatchObject({ status: 'requires_capture' });
    if (options.complete) {
      // On my way and Start open shortly before the start (decision 015): the job is done at its start.
      await completeJob({
        ctx: t.ctx,
        clock,
        detailer: detailer.user,
        booking,
        post: (path) => call(detailer.user, 'POST', path),
        restoreClock: true,
      });
    }
    return { detailer, customer, booking, intent };
  }

  describe('/api/payment-methods', () => {
    it('adds a card through the gateway, keeping only brand, last four and expiry, lists it and removes it', async () => {
      const customer = await createCustomer(t.ctx, { password: undefined });
      expect((await call(customer, 'GET', '/api/payment-methods')).json()).toEqual([]);

      const added = await call(customer, 'POST', '/api/payment-methods', { card: card('4242 4242 4242 4242') });
      expect(added.statusCode, added.body).toBe(201);
      const saved = added.json() as SavedCard;
      expect(saved).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
      const [row] = await t.db.select().from(savedCards).where(eq(savedCards.id, saved.id));
      expect(row!.gatewayRef).toMatch(/^pm_test_/);
      expect(JSON.stringify(row)).not.toContain('4242424242424242');
      expect(await gateway.hasPaymentMethod(row!.gatewayRef)).toBe(true);
      expect((await call(customer, 'GET', '/api/payment-methods')).json()).toEqual([saved]);

      const removed = await call(customer, 'DELETE', `/api/payment-methods/${saved.id}`);
      expect(removed.statusCode).toBe(200);
      expect(await gateway.hasPaymentMethod(row!.gatewayRef)).toBe(false);
      expect((await call(customer, 'GET', '/api/payment-methods')).json()).toEqual([]);
      expect((await call(customer, 'DELETE', `/api/payment-methods/${saved.id}`)).statusCode).toBe(404);
    });

    it("refuses signed-out callers, bad cards and another user's card (404, card kept)", async () => {
      const owner = await createCustomer(t.ctx, { password: undefined });
      const stranger = await createCustomer(t.ctx, { password: undefined });
      const saved = (await call(owner, 'POST', '/api/payment-methods', { card: card(testCards.success) })).json() as SavedCard;

      expect((await call(null, 'GET', '/api/payment-methods')).statusCode).toBe(401);
      expect((await call(null, 'POST', '/api/payment-methods', { card: card(testCards.success) })).statusCode).toBe(401);
      expect((await call(null, 'DELETE', `/api/payment-methods/${saved.id}`)).statusCode).toBe(401);

      const theirs = await call(stranger, 'DELETE', `/api/payment-methods/${saved.id}`);
      expect(theirs.statusCode).toBe(404);
      expect((await call(stranger, 'GET', '/api/payment-methods')).json()).toEqual([]);
      expect((await call(owner, 'GET', '/api/payment-methods')).json()).toEqual([saved]);

      const badNumber = await call(owner, 'POST', '/api/payment-methods', { card: card('4242424242424241') });
      expect(badNumber.statusCode).toBe(400);
      expect(badNumber.json().message).toBe(declineMessages.incorrectNumber);
      const expired = await call(owner, 'POST', '/api/payment-methods', { card: card(testCards.success, 2020) });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().message).toBe(declineMessages.expired);
      const declined = await call(owner, 'POST', '/api/payment-methods', { card: card(testCards.declined) });
      expect(declined.statusCode).toBe(400);
      const malformed = await call(owner, 'POST', '/api/payment-methods', { card: { number: '4242' } });
      expect(malformed.statusCode).toBe(400);
      expect((await call(owner, 'DELETE', '/api/payment-methods/abc')).statusCode).toBe(400);
      expect(await t.db.select().from(savedCards).where(eq(savedCards.userId, owner.id))).toHaveLength(1);
    });

    it("saves the card at checkout when 'Keep this card for next time' is ticked, and only then", async () => {
      const { customer } = await paidBooking({ saveCard: true });
      expect((await call(customer, 'GET', '/api/payment-methods')).json()).toMatchObject([{ brand: 'visa', last4: '4242' }]);
      const other = await paidBooking();
      expect((await call(other.customer, 'GET', '/api/payment-methods')).json()).toEqual([]);
    });
  });

  describe('paying with a saved card (POST /api/payments/test-gateway/confirm {paymentMethodId})', () => {
    /** A customer with a booking awaiting payment and its intent. */
    async function unpaidBooking(customer?: UserRow) {
      const detailer = await createDetailer(t.ctx);
      const payer = customer ?? (await createCustomer(t.ctx, { password: undefined }));
      const booking = await createBooking(t.ctx, { customerId: payer.id, detailerId: detailer.detailerId, serviceId: detailer.serviceId });
      const intent = (await call(payer, 'POST', '/api/create-payment-intent', { bookingId: booking.id })).json() as PaymentIntentResponse;
      return { customer: payer, booking, intent };
    }
    const bookingStatus = async (id: number) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!.status;
    const ledgerOf = (bookingId: number) => t.db.select().from(payments).where(eq(payments.bookingId, bookingId));

    it('authorizes the payment with one of my own saved cards', async () => {
      const { customer, booking, intent } = await unpaidBooking();
      const saved = (await call(customer, 'POST', '/api/payment-methods', { card: card(testCards.success) })).json() as SavedCard;
      const paid = await call(customer, 'POST', '/api/payments/test-gateway/confirm', {
        clientSecret: intent.clientSecret,
        paymentMethodId: saved.id,
      });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json()).toMatchObject({ status: 'requires_capture', errorMessage: null, bookingId: booking.id, amountCents: 7872 });
      expect(await bookingStatus(booking.id)).toBe('requested');
      expect((await ledgerOf(booking.id)).map((r) => [r.kind, r.status])).toEqual([['authorize', 'succeeded']]);
      // Paying with a saved card never saves it a second time.
      expect((await call(customer, 'GET', '/api/payment-methods')).json()).toEqual([saved]);
    });

    it('a saved card that needs 3-D Secure asks for it, as the typed card does', async () => {
      const { customer, booking, intent } = await unpaidBooking();
      const saved = (
        await call(customer, 'POST', '/api/payment-methods', { card: card(testCards.authenticationRequired) })
      ).json() as SavedCard;
      const paid = await call(customer, 'POST', '/api/payments/test-gateway/confirm', {
        clientSecret: intent.clientSecret,
        paymentMethodId: saved.id,
      });
      expect(paid.json()).toMatchObject({ status: 'requires_action' });
      const approved = await call(customer, 'POST', '/api/payments/test-gateway/authenticate', {
        clientSecret: intent.clientSecret,
        approve: true,
      });
      expect(approved.json()).toMatchObject({ status: 'requires_capture' });
      expect(await bookingStatus(booking.id)).toBe('requested');
    });

    it('a saved card with insufficient funds is declined with the network message; the booking still awaits payment', async () => {
      const { customer, booking, intent } = await unpaidBooking();
      const saved = (await call(customer, 'POST', '/api/payment-methods', { card: card(testCards.insufficientFunds) })).json() as SavedCard;
      const paid = await call(customer, 'POST', '/api/payments/test-gateway/confirm', {
        clientSecret: intent.clientSecret,
        paymentMethodId: saved.id,
      });
      expect(paid.json()).toMatchObject({ status: 'requires_payment_method', errorMessage: declineMessages.insufficientFunds });
      expect(await bookingStatus(booking.id)).toBe('pending_payment');
    });

    it("another user's saved card answers 404 and authorizes nothing", async () => {
      const owner = await createCustomer(t.ctx, { password: undefined });
      const theirs = (await call(owner, 'POST', '/api/payment-methods', { card: card(testCards.success) })).json() as SavedCard;
      const { customer, booking, intent } = await unpaidBooking();
      const paid = await call(customer, 'POST', '/api/payments/test-gateway/confirm', {
        clientSecret: intent.clientSecret,
        paymentMethodId: theirs.id,
      });
      expect(paid.statusCode).toBe(404);
      expect(paid.json().message).toBe('Card not found');
      const missing = await call(customer, 'POST', '/api/payments/test-gateway/confirm', {
        clientSecret: intent.clientSecret,
        paymentMethodId: 99999999,
      });
      expect(missing.statusCode).toBe(404);
      expect(await bookingStatus(booking.id)).toBe('pending_payment');
      expect(await ledgerOf(booking.id)).toEqual([]);
      const status = await call(customer, 'GET', `/api/payments/intent-status?client_secret=${encodeURIComponent(intent.clientSecret)}`);
      expect(status.json()).toMatchObject({ status: 'requires_payment_method' });
    });

    it('refuses both card and paymentMethodId (400), neither (400), and a malformed id (400)', async () => {
      const { customer, booking, intent } = await unpaidBooking();
      const saved = (await call(customer, 'POST', '/api/payment-methods', { card: card(testCards.success) })).json() as SavedCard;
      const both = await call(customer, 'POST', '/api/payments/test-gateway/confirm', {
        clientSecret: intent.clientSecret,
        card: card(testCards.success),
        paymentMethodId: saved.id,
      });
      expect(both.statusCode).toBe(400);
      expect(both.json().fields).toHaveProperty('paymentMethodId');
      const neither = await call(customer, 'POST', '/api/payments/test-gateway/confirm', { clientSecret: intent.clientSecret });
      expect(neither.statusCode).toBe(400);
      const malformed = await call(customer, 'POST', '/api/payments/test-gateway/confirm', {
        clientSecret: intent.clientSecret,
        paymentMethodId: 'abc',
      });
      expect(malformed.statusCode).toBe(400);
      expect(await bookingStatus(booking.id)).toBe('pending_payment');
      expect(await ledgerOf(booking.id)).toEqual([]);
    });
  });

  describe('payment notifications', () => {
    it('tells the customer when the card is authorized and when it is captured, linked by booking id', async () => {
      const { customer, booking } = await paidBooking({ complete: true });
      const notices = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, customer.id), eq(notifications.type, 'payment')))
        .orderBy(notifications.id);
      expect(notices.map((n) => [n.title, n.entityId])).toEqual([
        ['Payment authorized', String(booking.id)],
        ['Payment received', String(booking.id)],
      ]);
      expect(notices[0]!.message).toContain('$78.72');
      expect(notices[1]!.message).toContain('$78.72');
    });

    it('a declined card notifies nobody', async () => {
      const detailer = await createDetailer(t.ctx);
      const customer = await createCustomer(t.ctx, { password: undefined });
      const booking = await createBooking(t.ctx, {
        customerId: customer.id,
        detailerId: detailer.detailerId,
        serviceId: detailer.serviceId,
      });
      const intent = (
        await call(customer, 'POST', '/api/create-payment-intent', { bookingId: booking.id })
      ).json() as PaymentIntentResponse;
      await call(customer, 'POST', '/api/payments/test-gateway/confirm', {
        clientSecret: intent.clientSecret,
        card: card(testCards.declined),
      });
      expect(await t.db.select().from(notifications).where(eq(notifications.userId, customer.id))).toEqual([]);
    });

    it('GET /api/payments/booking-status reads the payment the notification links to, for its customer only', async () => {
      const { customer, booking } = await paidBooking();
      const read = await call(customer, 'GET', `/api/payments/booking-status?bookingId=${booking.id}`);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({
        status: 'requires_capture',
        amountCents: 7872,
        bookingId: booking.id,
      } satisfies Partial<IntentStatusResponse>);
      const stranger = await createCustomer(t.ctx, { password: undefined });
      expect((await call(stranger, 'GET', `/api/payments/booking-status?bookingId=${booking.id}`)).statusCode).toBe(404);
      expect((await call(null, 'GET', `/api/payments/booking-status?bookingId=${booking.id}`)).statusCode).toBe(401);
      expect((await call(customer, 'GET', '/api/payments/booking-status')).statusCode).toBe(400);
    });
  });

  describe('POST /api/admin/bookings/:id/refund', () => {
    const ledger = (bookingId: number) => t.db.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(payments.id);

    it('refunds part, then the rest, of a completed booking; the booking stays completed', async () => {
      const admin = await createAdmin(t.ctx, { password: undefined });
      const { customer, booking } = await paidBooking({ complete: true });
      const part = await call(admin, 'POST', `/api/admin/bookings/${booking.id}/refund`, { amountCents: 1000 });
      expect(part.statusCode, part.body).toBe(200);
      expect(part.json()).toEqual({
        bookingId: booking.id,
        refundedCents: 1000,
        totalRefundedCents: 1000,
        remainingCents: 6872,
      } satisfies RefundResponse);
      const tooMuch = await call(admin, 'POST', `/api/admin/bookings/${booking.id}/refund`, { amountCents: 6873 });
      expect(tooMuch.statusCode).toBe(400);
      expect(tooMuch.json().message).toBe('At most $68.72 can be refunded.');
      const rest = await call(admin, 'POST', `/api/admin/bookings/${booking.id}/refund`, {});
      expect(rest.json()).toMatchObject({ refundedCents: 6872, totalRefundedCents: 7872, remainingCents: 0 });
      const again = await call(admin, 'POST', `/api/admin/bookings/${booking.id}/refund`);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(fullyRefundedMessage);

      expect((await ledger(booking.id)).map((r) => [r.kind, r.amountCents, r.status])).toEqual([
        ['authorize', 7872, 'succeeded'],
        ['capture', 7872, 'succeeded'],
        ['refund', 1000, 'succeeded'],
        ['refund', 6872, 'succeeded'],
      ]);
      expect((await t.db.select().from(bookings).where(eq(bookings.id, booking.id)))[0]!.status).toBe('completed');
      const refundNotices = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, customer.id), eq(notifications.title, 'Refund issued')));
      expect(refundNotices.map((n) => n.message)).toEqual(['$10.00 was refunded to your card.', '$68.72 was refunded to your card.']);
    });

    it('refuses customers and detailers (403), signed-out callers (401), bookings not completed (409) and bad amounts (400)', async () => {
      const admin = await createAdmin(t.ctx, { password: undefined });
      const { customer, detailer, booking } = await paidBooking({ complete: true });
      const url = `/api/admin/bookings/${booking.id}/refund`;
      expect((await call(customer, 'POST', url, {})).statusCode).toBe(403);
      expect((await call(detailer.user, 'POST', url, {})).statusCode).toBe(403);
      expect((await call(null, 'POST', url, {})).statusCode).toBe(401);
      expect((await call(admin, 'POST', url, { amountCents: -5 })).statusCode).toBe(400);
      expect((await call(admin, 'POST', url, { amountCents: 10.5 })).statusCode).toBe(400);
      expect((await call(admin, 'POST', '/api/admin/bookings/99999999/refund', {})).statusCode).toBe(404);

      const authorizedOnly = await paidBooking();
      const notDone = await call(admin, 'POST', `/api/admin/bookings/${authorizedOnly.booking.id}/refund`, {});
      expect(notDone.statusCode).toBe(409);
      expect(notDone.json().message).toBe(onlyCompletedRefundMessage);
      expect((await ledger(booking.id)).filter((r) => r.kind === 'refund')).toEqual([]);
      expect((await ledger(authorizedOnly.booking.id)).filter((r) => r.kind === 'refund')).toEqual([]);
    });

    it('two refunds at once never give back more than was captured', async () => {
      const admin = await createAdmin(t.ctx, { password: undefined });
      const { booking } = await paidBooking({ complete: true });
      const url = `/api/admin/bookings/${booking.id}/refund`;
      const answers = await Promise.all([call(admin, 'POST', url, { amountCents: 5000 }), call(admin, 'POST', url, { amountCents: 5000 })]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
      const refunded = (await ledger(booking.id)).filter((r) => r.kind === 'refund');
      expect(refunded.map((r) => r.amountCents)).toEqual([5000]);
    });
  });
});
