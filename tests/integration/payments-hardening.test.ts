import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { PaymentIntentResponse } from '@core/schemas/payments.ts';
import { bookingHorizonDays, maxUnpaidHolds } from '@core/domain/booking-status.ts';
import { timeSlotLabels } from '@core/domain/time-slots.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import type { DatabaseHandle } from '../../server/db/client.ts';
import { bookings, installSecrets, payments } from '../../server/db/schema.ts';
import { intentIdFromClientSecret } from '../../server/payments/gateways/gateway.ts';
import { testCards } from '../../server/payments/gateways/test-gateway.ts';
import { signWebhook } from '../../server/payments/gateways/webhook-signature.ts';
import { tooManyHoldsMessage } from '../../server/bookings/create-booking.ts';
import { beyondHorizonMessage } from '../../server/bookings/availability-service.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { createBooking, createCustomer, createDetailer } from '../factories/index.ts';
import { createTestClock, createTestDatabase, databaseKinds, signedInCookie } from './test-app.ts';
import { completeJob } from '../factories/job-day.ts';

/** The secret every install shared before this fix: it must open nothing now. */
const formerDefaultSecret = 'whsec_glossly_test_gateway_dev';
const card = (number: string) => ({ number, expMonth: 12, expYear: 2030, cvc: '123', zip: '94107' });

describe.each(databaseKinds)('money cannot be faked on %s', (kind) => {
  let database: DatabaseHandle;
  const clock = createTestClock();
  /** The app as main.ts builds it on this database: closing it and starting another is a restart. */
  const start = async () => buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database, clock });
  let app: Awaited<ReturnType<typeof start>>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await start();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const cookieOf = (user: UserRow) => signedInCookie(database.db, user, clock.now());
  const bookingStatus = async (id: number) => (await database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!.status;
  const webhook = (body: string, signature: string) =>
    app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: body,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });

  async function unpaidBooking() {
    const detailer = await createDetailer(app.ctx);
    const customer = await createCustomer(app.ctx, { password: undefined });
    const booking = await createBooking(app.ctx, {
      customerId: customer.id,
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
    });
    const cookie = await cookieOf(customer);
    const response = await app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: { cookie },
      payload: { bookingId: booking.id },
    });
    expect(response.statusCode, response.body).toBe(200);
    const intent = response.json() as PaymentIntentResponse;
    return { customer, detailer, booking, cookie, intent, intentId: intentIdFromClientSecret(intent.clientSecret)! };
  }

  const installedSecret = async () => (await database.db.select().from(installSecrets))[0]!.value;

  /** The event a customer would forge for their own intent (its id is in the client secret they hold). */
  function forgedAuthorization(intentId: string, amountCents: number) {
    const created = Math.floor(clock.now().getTime() / 1000);
    const body = JSON.stringify({
      id: `evt_forged_${intentId}`,
      object: 'event',
      type: 'payment_intent.amount_capturable_updated',
      created,
      data: {
        object: {
          id: intentId,
          status: 'requires_capture',
          amountCents,
          amountCapturableCents: amountCents,
          card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
        },
      },
    });
    return { body, created };
  }

  it('refuses an authorization signed with the former well-known secret: the booking stays unpaid', async () => {
    const { booking, intentId, intent } = await unpaidBooking();
    const { body, created } = forgedAuthorization(intentId, intent.amountCents);
    const response = await webhook(body, signWebhook(body, formerDefaultSecret, created));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'bad_request', message: expect.stringContaining('signature') });
    expect(await bookingStatus(booking.id)).toBe('pending_payment');
  });

  it('makes a random signing secret per install, kept in the database', async () => {
    const [row] = await database.db.select().from(installSecrets).where(eq(installSecrets.name, 'test_gateway_webhook_secret'));
    expect(row?.value).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(row!.value).not.toBe(formerDefaultSecret);
    const other = await createTestDatabase(kind);
    const otherApp = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database: other, clock });
    const [otherRow] = await other.db.select().from(installSecrets);
    expect(otherRow!.value).not.toBe(row!.value);
    await otherApp.close();
    await other.close();
  });

  it('reads the intent back from the gateway: a correctly signed event that lies about the payment changes nothing', async () => {
    const { booking, intentId, intent } = await unpaidBooking();
    const secret = await installedSecret();
    const { body, created } = forgedAuthorization(intentId, intent.amountCents);
    const response = await webhook(body, signWebhook(body, secret, created));
    expect(response.statusCode).toBe(200);
    expect(await bookingStatus(booking.id)).toBe('pending_payment');
    expect(await database.db.select().from(payments).where(eq(payments.bookingId, booking.id))).toHaveLength(0);
  });

  it('answers 400 to signed junk: not an object, no intent, an intent the gateway never made', async () => {
    const secret = await installedSecret();
    const created = Math.floor(clock.now().getTime() / 1000);
    const junk = ['[]', '"text"', '42', 'null', '{}', '{"id":"evt_1","type":"payment_intent.succeeded","created":1}', 'not json'];
    const unknown = JSON.stringify({
      id: 'evt_unknown',
      type: 'payment_intent.succeeded',
      created,
      data: { object: { id: 'pi_test_never_made' } },
    });
    for (const body of [...junk, unknown]) {
      const response = await webhook(body, signWebhook(body, secret, created));
      expect(response.statusCode, body).toBe(400);
      expect(response.json(), body).toMatchObject({ code: 'bad_request', message: expect.any(String) });
    }
  });

  it('keeps the built-in gateway authorization across a restart: authorize, restart, complete, captured', async () => {
    const { booking, cookie, detailer, intent } = await unpaidBooking();
    const paid = await app.inject({
      method: 'POST',
      url: '/api/payments/test-gateway/confirm',
      headers: { cookie },
      payload: { clientSecret: intent.clientSecret, card: card(testCards.success) },
    });
    expect(paid.json()).toMatchObject({ status: 'requires_capture' });
    await app.close();
    app = await start();
    const detailerCookie = await cookieOf(detailer.user);
    // On my way and Start open shortly before the start (decision 015): the job is done at its start.
    const post = (url: string) => app.inject({ method: 'POST', url, headers: { cookie: detailerCookie } });
    await completeJob({ ctx: app.ctx, clock, detailer: detailer.user, booking, post, restoreClock: true });
    expect(await bookingStatus(booking.id)).toBe('completed');
    const captured = await database.db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, booking.id), eq(payments.kind, 'capture')));
    expect(captured.map((row) => [row.status, row.amountCents])).toEqual([['succeeded', intent.amountCents]]);
  });

  it(`lets one customer hold at most ${maxUnpaidHolds} unpaid slots, even asking for many at once`, async () => {
    const detailer = await createDetailer(app.ctx);
    const customer = await createCustomer(app.ctx, { password: undefined });
    const cookie = await cookieOf(customer);
    const times = timeSlotLabels;
    const answers = await Promise.all(
      times.map((time) =>
        app.inject({
          method: 'POST',
          url: '/api/bookings',
          headers: { cookie },
          payload: {
            detailerId: detailer.detailerId,
            serviceId: detailer.serviceId,
            vehicleType: 'Sedan',
            date: '2026-11-25',
            time,
            address: '1 Market St',
            city: 'San Francisco',
            zip: '94105',
          },
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201 || s === 200)).toHaveLength(maxUnpaidHolds);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(refused).toHaveLength(times.length - maxUnpaidHolds);
    expect(refused[0]!.json()).toEqual({ code: 'conflict', message: tooManyHoldsMessage });
    const held = await database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.customerId, customer.id), eq(bookings.status, 'pending_payment')));
    expect(held).toHaveLength(maxUnpaidHolds);
    // Once a hold lapses the customer may book again.
    clock.advance(16 * 60_000);
    const again = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie },
      payload: {
        detailerId: detailer.detailerId,
        serviceId: detailer.serviceId,
        vehicleType: 'Sedan',
        date: '2026-11-26',
        time: '9:00 AM',
        address: '1 Market St',
        city: 'San Francisco',
        zip: '94105',
      },
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  it(`refuses a booking more than ${bookingHorizonDays} days ahead`, async () => {
    const detailer = await createDetailer(app.ctx);
    const customer = await createCustomer(app.ctx, { password: undefined });
    const cookie = await cookieOf(customer);
    const book = (date: string) =>
      app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: { cookie },
        payload: {
          detailerId: detailer.detailerId,
          serviceId: detailer.serviceId,
          vehicleType: 'Sedan',
          date,
          time: '10:00 AM',
          address: '1 Market St',
          city: 'San Francisco',
          zip: '94105',
        },
      });
    // The clock stands in late November 2026: 2027-03-15 is beyond 90 days, 2027-02-15 within.
    const far = await book('2027-03-15');
    expect(far.statusCode).toBe(400);
    expect(far.json()).toMatchObject({ code: 'bad_request', message: beyondHorizonMessage, fields: { date: beyondHorizonMessage } });
    expect((await book('2027-02-15')).statusCode).toBe(201);
  });
});
