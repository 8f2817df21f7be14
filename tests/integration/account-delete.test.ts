import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accountMessages } from '@core/domain/account.ts';
import {
  bookings,
  conversations,
  deviceTokens,
  messages,
  notifications,
  paymentIntents,
  payments,
  savedAddresses,
  sessions,
  vehicles,
} from '../../server/db/schema.ts';
import { createBooking, createCustomer, createDetailer, testPassword } from '../factories/index.ts';
import { databaseKinds } from './test-app.ts';
import { useAccountTestApp } from './account-test-app.ts';

// Decision 019, Profile: deleting the account (anonymised, history kept) and downloading one's data.
describe.each(databaseKinds)('deleting and exporting the account on %s', (kind) => {
  const account = useAccountTestApp(kind);
  const { call, sessionOf, userRow } = account;
  const login = (email: string, password: string) =>
    account.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  /** A customer with a car, a place, a device, a paid and completed booking, a message and a notification. */
  async function customerWithHistory() {
    const { db } = account.t;
    const me = await createCustomer(account.t.ctx);
    const detailer = await createDetailer(account.t.ctx);
    await db.insert(vehicles).values({
      customerId: me.id,
      make: 'Tesla',
      model: 'Model 3',
      year: 2022,
      vehicleType: 'Sedan',
      licensePlate: 'GLOSS1',
      isDefault: true,
    });
    await db.insert(savedAddresses).values({
      customerId: me.id,
      label: 'Home',
      address: '1 Market St',
      city: 'San Francisco',
      zip: '94105',
      accessNotes: 'Gate 1234',
      isDefault: true,
    });
    await db.insert(deviceTokens).values({ userId: me.id, token: `device-${me.id}-secret`, deviceType: 'web', deviceName: 'Chrome' });
    const booking = await createBooking(account.t.ctx, {
      customerId: me.id,
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
      status: 'completed',
    });
    await db.insert(paymentIntents).values({
      bookingId: booking.id,
      customerId: me.id,
      gateway: 'test',
      intentId: `pi_${booking.id}_x`,
      clientSecret: `pi_${booking.id}_secret_do-not-export`,
      idempotencyKey: `idem-${booking.id}`,
      amountCents: booking.totalCents,
      status: 'succeeded',
      cardBrand: 'visa',
      cardLast4: '4242',
    });
    await db.insert(payments).values({
      bookingId: booking.id,
      intentId: `pi_${booking.id}_x`,
      kind: 'capture',
      amountCents: booking.totalCents,
      status: 'succeeded',
    });
    const [conversation] = await db.insert(conversations).values({ kind: 'booking', bookingId: booking.id }).returning();
    await db
      .insert(messages)
      .values({ conversationId: conversation!.id, senderUserId: me.id, body: 'The gate code is 1234', clientId: 'c1' });
    await db
      .insert(messages)
      .values({ conversationId: conversation!.id, senderUserId: detailer.user.id, body: 'From the detailer', clientId: 'd1' });
    await db.insert(notifications).values({ userId: me.id, type: 'booking_update', title: 'Booking completed', message: 'Thanks!' });
    return { me, detailer, booking };
  }

  it('anonymises the account and keeps bookings, payments and messages; the other party sees Deleted user', async () => {
    const { me, detailer, booking } = await customerWithHistory();
    const here = await sessionOf(me);
    const elsewhere = await sessionOf(me);
    const response = await call(here, 'DELETE', '/api/account', { password: testPassword });
    expect(response.statusCode, response.body).toBe(204);
    const cleared = response.cookies.filter((cookie) => ['glossly_session', 'glossly_signed_in'].includes(cookie.name));
    expect(cleared.map((cookie) => [cookie.name, cookie.value])).toEqual([
      ['glossly_session', ''],
      ['glossly_signed_in', ''],
    ]);

    const row = await userRow(me.id);
    expect(row).toMatchObject({
      name: 'Deleted user',
      email: `deleted-${me.id}@deleted.glossly.invalid`,
      username: `deleted-${me.id}`,
      phone: null,
      avatarUploadId: null,
      passwordHash: null,
      oidcSubject: null,
      isDisabled: true,
    });
    expect(row.deletedAt).toEqual(account.clock.now());
    const { db } = account.t;
    expect(await db.select().from(vehicles).where(eq(vehicles.customerId, me.id))).toEqual([]);
    expect(await db.select().from(savedAddresses).where(eq(savedAddresses.customerId, me.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, me.id))).toEqual([]);
    expect(await db.select().from(deviceTokens).where(eq(deviceTokens.userId, me.id))).toEqual([]);
    expect(await db.select().from(bookings).where(eq(bookings.id, booking.id))).toHaveLength(1);
    expect(await db.select().from(payments).where(eq(payments.bookingId, booking.id))).toHaveLength(1);
    expect(await db.select().from(messages).where(eq(messages.senderUserId, me.id))).toHaveLength(1);

    expect((await call(elsewhere, 'GET', '/api/auth/user')).statusCode).toBe(401);
    expect((await login(me.email, testPassword)).statusCode).toBe(401);
    expect((await login(row.email, testPassword)).statusCode).toBe(401);
    const seen = await call(await sessionOf(detailer.user), 'GET', `/api/bookings/${booking.id}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().customerName).toBe('Deleted user');
    // The username and email are free again.
    expect((await createCustomer(account.t.ctx, { email: me.email, username: me.username })).id).toBeGreaterThan(me.id);
  });

  it('refuses a wrong password and keeps everything', async () => {
    const me = await createCustomer(account.t.ctx);
    const cookie = await sessionOf(me);
    const response = await call(cookie, 'DELETE', '/api/account', { password: 'not-my-password' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ password: accountMessages.wrongPassword });
    expect((await userRow(me.id)).deletedAt).toBeNull();
    expect((await call(cookie, 'GET', '/api/auth/user')).statusCode).toBe(200);
  });

  it('asks an account without a password to type DELETE instead', async () => {
    const me = await createCustomer(account.t.ctx, { password: undefined, oidcSubject: `sub-del-${Date.now()}` });
    const cookie = await sessionOf(me);
    const untyped = await call(cookie, 'DELETE', '/api/account', { confirmation: 'delete me' });
    expect(untyped.statusCode).toBe(400);
    expect(untyped.json().fields).toEqual({ confirmation: accountMessages.typeToDelete });
    expect((await call(cookie, 'DELETE', '/api/account', { confirmation: 'DELETE' })).statusCode).toBe(204);
    expect(await userRow(me.id)).toMatchObject({ name: 'Deleted user', oidcSubject: null });
  });

  it('refuses a detailer with an upcoming accepted job (409) until it is finished', async () => {
    const detailer = await createDetailer(account.t.ctx);
    const customer = await createCustomer(account.t.ctx);
    const job = await createBooking(account.t.ctx, {
      customerId: customer.id,
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
      status: 'accepted',
    });
    const cookie = await sessionOf(detailer.user);
    const refused = await call(cookie, 'DELETE', '/api/account', { password: testPassword });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Cancel or finish your upcoming jobs first');
    expect((await userRow(detailer.user.id)).deletedAt).toBeNull();
    await account.t.db.update(bookings).set({ status: 'completed' }).where(eq(bookings.id, job.id));
    expect((await call(cookie, 'DELETE', '/api/account', { password: testPassword })).statusCode).toBe(204);
    expect((await userRow(detailer.user.id)).name).toBe('Deleted user');
  });

  it('refuses a customer with an upcoming booking (409) and changes nothing until it is cancelled', async () => {
    const detailer = await createDetailer(account.t.ctx);
    const me = await createCustomer(account.t.ctx);
    const upcoming = await createBooking(account.t.ctx, {
      customerId: me.id,
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
      status: 'requested',
    });
    const cookie = await sessionOf(me);
    const refused = await call(cookie, 'DELETE', '/api/account', { password: testPassword });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(accountMessages.upcomingBookings);
    expect(await userRow(me.id)).toMatchObject({ deletedAt: null, email: me.email });
    await account.t.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, upcoming.id));
    expect((await call(cookie, 'DELETE', '/api/account', { password: testPassword })).statusCode).toBe(204);
  });

  it('takes a deleted detailer out of the catalog at once, cached lists included', async () => {
    const detailer = await createDetailer(account.t.ctx);
    const listed = async () => ((await call(null, 'GET', '/api/detailers')).json() as { id: number }[]).map((d) => d.id);
    expect(await listed()).toContain(detailer.detailerId);
    expect((await call(await sessionOf(detailer.user), 'DELETE', '/api/account', { password: testPassword })).statusCode).toBe(204);
    expect(await listed()).not.toContain(detailer.detailerId);
  });

  it('exports the own data as a JSON download, without hashes, tokens or secrets', async () => {
    const { me, booking } = await customerWithHistory();
    const response = await call(await sessionOf(me), 'GET', '/api/account/export');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="glossly-data-${account.clock.now().toISOString().slice(0, 10)}.json"`,
    );
    const data = JSON.parse(response.body);
    expect(data.profile).toMatchObject({ id: me.id, email: me.email, name: me.name, username: me.username });
    expect(data.bookings).toEqual([
      expect.objectContaining({ id: booking.id, status: 'completed', address: '1 Market St', totalCents: booking.totalCents }),
    ]);
    expect(data.payments.ledger).toEqual([expect.objectContaining({ bookingId: booking.id, kind: 'capture' })]);
    expect(data.payments.intents).toEqual([expect.objectContaining({ bookingId: booking.id, cardLast4: '4242' })]);
    expect(data.cars).toEqual([expect.objectContaining({ make: 'Tesla', licensePlate: 'GLOSS1' })]);
    expect(data.places).toEqual([expect.objectContaining({ label: 'Home', accessNotes: 'Gate 1234' })]);
    expect(data.notifications).toEqual([expect.objectContaining({ title: 'Booking completed' })]);
    expect(data.messagesSent).toEqual([expect.objectContaining({ body: 'The gate code is 1234' })]);
    const row = await userRow(me.id);
    for (const secret of [row.passwordHash!, '$argon2', 'secret_do-not-export', `device-${me.id}-secret`, 'From the detailer', 'idem-']) {
      expect(response.body).not.toContain(secret);
    }
    expect(response.body).not.toMatch(/passwordHash|tokenHash|clientSecret|idempotencyKey|gatewayRef|oidcSubject/);
  });

  it("exports nobody else's bookings", async () => {
    const { me } = await customerWithHistory();
    const other = await createCustomer(account.t.ctx);
    const data = JSON.parse((await call(await sessionOf(other), 'GET', '/api/account/export')).body);
    expect(data.profile.id).toBe(other.id);
    expect(data.bookings).toEqual([]);
    expect(data.payments).toEqual({ intents: [], ledger: [] });
    expect(JSON.stringify(data)).not.toContain(me.email);
  });
});
