import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Booking } from '@core/schemas/booking.ts';
import { bookingSchema } from '@core/schemas/booking.ts';
import { bookings, notifications } from '../../server/db/schema.ts';
import { createSession } from '../../server/services/session-service.ts';
import { ensureService } from '../../server/services/catalog-admin-service.ts';
import { markAuthorized } from '../../server/services/booking-service.ts';
import { runBookingExpiry } from '../../server/jobs/booking-expiry.ts';
import type { UserRow } from '../../server/services/user-service.ts';
import { createAdmin, createBooking, createCustomer, createDetailer } from '../factories/index.ts';
import { createTestApp, createTestClock, databaseKinds, type TestApp } from './test-app.ts';

// The clock stands on Monday 2026-11-23, 8:00 AM in Los Angeles (16:00 UTC).
const takenMessage = 'That time slot was just taken. Please choose another time.';

describe.each(databaseKinds)('bookings on %s', (kind) => {
  let t: TestApp;
  const clock = createTestClock();
  const cookies = new Map<number, string>();

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
  });
  afterAll(() => t.close());

  async function cookieFor(user: UserRow) {
    let cookie = cookies.get(user.id);
    if (!cookie) {
      const { token } = await createSession(t.db, user.id, clock.now());
      cookie = `glossly_session=${token}`;
      cookies.set(user.id, cookie);
    }
    return cookie;
  }

  async function call(user: UserRow | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
    const headers: Record<string, string> = user ? { cookie: await cookieFor(user) } : {};
    return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  }

  /** A customer without a password: hashing 50 passwords per round would only measure argon2. */
  const quickCustomer = () => createCustomer(t.db, { password: undefined });

  const bookingBody = (detailerId: number, serviceId: number, date: string, time: string, extra: object = {}) => ({
    detailerId,
    serviceId,
    vehicleType: 'Sedan',
    notes: '  Please park on the street  ',
    date,
    time,
    address: '1 Market St',
    apt: '',
    city: 'San Francisco',
    zip: '94105',
    ...extra,
  });

  async function book(customer: UserRow, detailerId: number, serviceId: number, date: string, time: string, extra: object = {}) {
    const response = await call(customer, 'POST', '/api/bookings', bookingBody(detailerId, serviceId, date, time, extra));
    return { status: response.statusCode, body: response.json() as Booking & { message?: string } };
  }

  describe('creating', () => {
    it('gives exactly one booking per slot in 20 rounds of 50 concurrent requests', async () => {
      const detailer = await createDetailer(t.db);
      const customers = await Promise.all(Array.from({ length: 50 }, quickCustomer));
      for (const customer of customers) await cookieFor(customer);
      const dates = ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'];
      const labels = ['9:00 AM', '10:00 AM', '11:00 AM', '1:00 PM', '2:00 PM'];
      const started = performance.now();
      for (let round = 0; round < 20; round++) {
        const date = dates[Math.floor(round / labels.length)]!;
        const time = labels[round % labels.length]!;
        const results = await Promise.all(
          customers.map((customer) => book(customer, detailer.detailerId, detailer.serviceId, date, time)),
        );
        const statuses = results.map((r) => r.status);
        expect(statuses.filter((s) => s === 201), `round ${round}`).toHaveLength(1);
        expect(statuses.filter((s) => s === 409), `round ${round}`).toHaveLength(49);
        for (const loser of results.filter((r) => r.status === 409)) expect(loser.body.message).toBe(takenMessage);
      }
      const seconds = (performance.now() - started) / 1000;
      console.info(`[measure] ${kind}: 20 rounds x 50 concurrent POST /api/bookings in ${seconds.toFixed(1)} s`);
      const live = await t.db.select().from(bookings).where(eq(bookings.detailerId, detailer.detailerId));
      expect(live).toHaveLength(20);
      expect(seconds).toBeLessThan(60);
    }, 120_000);

    it('holds the slot as pending_payment with amounts from the catalog, ignoring a tampered price', async () => {
      const detailer = await createDetailer(t.db);
      const customer = await quickCustomer();
      const { status, body } = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-24', '10:00 AM', {
        price: 1,
        total: 1,
        totalCents: 1,
        priceCents: 1,
      });
      expect(status).toBe(201);
      expect(bookingSchema.parse(body)).toBeTruthy();
      expect(body).toMatchObject({
        status: 'pending_payment',
        price: 59,
        serviceFee: 15,
        tax: 4.72,
        total: 78.72,
        priceCents: 5900,
        serviceFeeCents: 1500,
        taxCents: 472,
        totalCents: 7872,
        date: '2026-11-24',
        time: '10:00 AM',
        startsAt: '2026-11-24T18:00:00.000Z',
        endsAt: '2026-11-24T18:45:00.000Z',
        notes: 'Please park on the street',
        apt: null,
        customerId: customer.id,
        detailerId: detailer.detailerId,
        holdExpiresAt: '2026-11-23T16:15:00.000Z',
        allowedActions: ['cancel', 'reschedule'],
        cancellationFeeCents: 0,
      });
      expect(body.timeline!.map((e) => e.status)).toEqual(['pending_payment']);
    });

    it('refuses overlapping durations and accepts adjacent ones', async () => {
      const detailer = await createDetailer(t.db, { service: { durationMinutes: 90 } });
      const hour = await ensureService(t.db, detailer.detailerId, {
        name: 'One hour',
        description: '',
        categoryId: detailer.categoryId,
        priceCents: 10000,
        durationMinutes: 60,
        imageUrl: null,
      });
      const [a, b, c, d] = await Promise.all([quickCustomer(), quickCustomer(), quickCustomer(), quickCustomer()]);
      // 9:00-10:30, so 10:00 overlaps; 11:00 is free.
      expect((await book(a!, detailer.detailerId, detailer.serviceId, '2026-11-24', '9:00 AM')).status).toBe(201);
      const overlapping = await book(b!, detailer.detailerId, hour, '2026-11-24', '10:00 AM');
      expect(overlapping.status).toBe(409);
      expect(overlapping.body.message).toBe(takenMessage);
      // A one-hour service at 1:00 PM ends at 2:00 PM, exactly when the next one starts.
      expect((await book(c!, detailer.detailerId, hour, '2026-11-24', '1:00 PM')).status).toBe(201);
      expect((await book(d!, detailer.detailerId, hour, '2026-11-24', '2:00 PM')).status).toBe(201);
    });

    it('validates the step data and the slot', async () => {
      const detailer = await createDetailer(t.db);
      const other = await createDetailer(t.db);
      const customer = await quickCustomer();
      const badZip = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-24', '9:00 AM', { zip: '9410' });
      expect(badZip.status).toBe(400);
      expect(badZip.body.message).toBe('Enter a 5-digit ZIP code (or ZIP+4)');
      const noAddress = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-24', '9:00 AM', { address: ' ' });
      expect(noAddress.body.message).toBe('Address is required');
      const badTime = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-24', '12:00 PM');
      expect(badTime.status).toBe(400);
      const past = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-22', '9:00 AM');
      expect(past.status).toBe(400);
      expect(past.body.message).toBe('Date cannot be in the past');
      const notOffered = await book(customer, detailer.detailerId, other.serviceId, '2026-11-24', '9:00 AM');
      expect(notOffered.status).toBe(400);
      // Sunday: closed.
      const sunday = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-29', '9:00 AM');
      expect(sunday.status).toBe(409);
      const zipPlus4 = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-24', '9:00 AM', { zip: '94105-1234' });
      expect(zipPlus4.status).toBe(201);
    });

    it('lets only a signed-in customer book', async () => {
      const detailer = await createDetailer(t.db);
      const admin = await createAdmin(t.db, { password: undefined });
      const body = bookingBody(detailer.detailerId, detailer.serviceId, '2026-11-24', '9:00 AM');
      expect((await call(null, 'POST', '/api/bookings', body)).statusCode).toBe(401);
      expect((await call(detailer.user, 'POST', '/api/bookings', body)).statusCode).toBe(403);
      expect((await call(admin, 'POST', '/api/bookings', body)).statusCode).toBe(403);
    });
  });

  describe('availability', () => {
    it('flags slots from weekly hours, days off, the clock and live bookings', async () => {
      const detailer = await createDetailer(t.db);
      const long = await ensureService(t.db, detailer.detailerId, {
        name: 'Three hours',
        description: '',
        categoryId: detailer.categoryId,
        priceCents: 39900,
        durationMinutes: 180,
        imageUrl: null,
      });
      const customer = await quickCustomer();
      const slots = async (date: string, serviceId?: number) => {
        const response = await call(
          null,
          'GET',
          `/api/detailers/${detailer.detailerId}/availability?date=${date}${serviceId ? `&serviceId=${serviceId}` : ''}`,
        );
        expect(response.statusCode).toBe(200);
        const body = response.json() as { timeZone: string; slots: { time: string; available: boolean; startsAt: string }[] };
        expect(body.timeZone).toBe('America/Los_Angeles');
        return Object.fromEntries(body.slots.map((s) => [s.time, s.available]));
      };
      const all = (value: boolean) => ({
        '9:00 AM': value,
        '10:00 AM': value,
        '11:00 AM': value,
        '1:00 PM': value,
        '2:00 PM': value,
        '3:00 PM': value,
      });
      expect(await slots('2026-11-24', detailer.serviceId)).toEqual(all(true));
      expect(await slots('2026-11-29', detailer.serviceId)).toEqual(all(false)); // Sunday
      expect(await slots('2026-11-20', detailer.serviceId)).toEqual(all(false)); // past
      // A 3-hour service cannot start at 3:00 PM when the day ends at 5:00 PM.
      expect((await slots('2026-11-24', long))['3:00 PM']).toBe(false);
      expect((await slots('2026-11-24', long))['2:00 PM']).toBe(true);

      await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-24', '11:00 AM');
      expect(await slots('2026-11-24', detailer.serviceId)).toEqual({ ...all(true), '11:00 AM': false });
      // 9:00 + 3 hours reaches 12:00, over the 11:00 booking; so does 10:00.
      expect(await slots('2026-11-24', long)).toEqual({ ...all(true), '9:00 AM': false, '10:00 AM': false, '11:00 AM': false, '3:00 PM': false });

      // Later the same day, the morning is past.
      clock.set(new Date('2026-11-24T19:30:00Z')); // 11:30 AM in Los Angeles
      try {
        expect(await slots('2026-11-24', detailer.serviceId)).toEqual({ ...all(true), '9:00 AM': false, '10:00 AM': false, '11:00 AM': false });
      } finally {
        clock.set(new Date('2026-11-23T16:00:00Z'));
      }

      // A lapsed hold frees its slot even before the job runs.
      clock.set(new Date('2026-11-23T16:20:00Z'));
      try {
        expect((await slots('2026-11-24', detailer.serviceId))['11:00 AM']).toBe(true);
        expect((await book(await quickCustomer(), detailer.detailerId, detailer.serviceId, '2026-11-24', '11:00 AM')).status).toBe(201);
      } finally {
        clock.set(new Date('2026-11-23T16:00:00Z'));
      }
    });

    it('lets the detailer edit weekly hours and days off, and slots follow at once', async () => {
      const detailer = await createDetailer(t.db);
      const customer = await quickCustomer();
      const own = await call(detailer.user, 'GET', '/api/detailer/availability');
      expect(own.statusCode).toBe(200);
      expect(own.json().rules).toHaveLength(6);
      expect((await call(customer, 'GET', '/api/detailer/availability')).statusCode).toBe(403);
      expect((await call(null, 'GET', '/api/detailer/availability')).statusCode).toBe(401);

      const put = await call(detailer.user, 'PUT', '/api/detailer/availability', {
        rules: [{ weekday: 0, startMinute: 600, endMinute: 720 }],
      });
      expect(put.statusCode).toBe(200);
      const sunday = await call(null, 'GET', `/api/detailers/${detailer.detailerId}/availability?date=2026-11-29`);
      expect(sunday.json().slots.filter((s: { available: boolean }) => s.available).map((s: { time: string }) => s.time)).toEqual([
        '10:00 AM',
        '11:00 AM',
      ]);
      const bad = await call(detailer.user, 'PUT', '/api/detailer/availability', {
        rules: [{ weekday: 1, startMinute: 600, endMinute: 500 }],
      });
      expect(bad.statusCode).toBe(400);

      expect((await call(detailer.user, 'POST', '/api/detailer/days-off', { date: '2026-11-29' })).statusCode).toBe(200);
      expect((await call(detailer.user, 'POST', '/api/detailer/days-off', { date: '2026-11-29' })).json().daysOff).toEqual(['2026-11-29']);
      const off = await call(null, 'GET', `/api/detailers/${detailer.detailerId}/availability?date=2026-11-29`);
      expect(off.json().slots.every((s: { available: boolean }) => !s.available)).toBe(true);
      expect((await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-29', '10:00 AM')).status).toBe(409);
      const removed = await call(detailer.user, 'DELETE', '/api/detailer/days-off', { date: '2026-11-29' });
      expect(removed.json().daysOff).toEqual([]);
      expect((await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-29', '10:00 AM')).status).toBe(201);
    });
  });

  describe('access', () => {
    it('gives each role exactly its routes', async () => {
      const detailer = await createDetailer(t.db);
      const otherDetailer = await createDetailer(t.db);
      const customer = await quickCustomer();
      const otherCustomer = await quickCustomer();
      const admin = await createAdmin(t.db, { password: undefined });
      const created = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-25', '9:00 AM');
      const id = created.body.id;

      // While awaiting payment the request is the customer's alone: the detailer does not see it yet.
      expect((await call(detailer.user, 'GET', `/api/bookings/${id}`)).statusCode).toBe(404);
      expect((await call(detailer.user, 'GET', '/api/bookings')).json()).toEqual([]);
      await markAuthorized(t.db, id, clock.now());

      const get = (user: UserRow | null) => call(user, 'GET', `/api/bookings/${id}`).then((r) => r.statusCode);
      expect(await get(customer)).toBe(200);
      expect(await get(detailer.user)).toBe(200);
      expect(await get(admin)).toBe(200);
      expect(await get(otherCustomer)).toBe(404);
      expect(await get(otherDetailer.user)).toBe(404);
      expect(await get(null)).toBe(401);
      expect((await call(customer, 'GET', '/api/bookings/999999')).statusCode).toBe(404);

      const ids = async (user: UserRow, query = '') =>
        ((await call(user, 'GET', `/api/bookings${query}`)).json() as Booking[]).map((b) => b.id);
      expect(await ids(customer)).toEqual([id]);
      expect(await ids(detailer.user)).toEqual([id]);
      expect(await ids(otherCustomer)).toEqual([]);
      expect(await ids(otherDetailer.user)).toEqual([]);
      expect(await ids(admin)).toContain(id);
      expect(await ids(customer, '?status=requested')).toEqual([id]);
      expect(await ids(customer, '?status=accepted')).toEqual([]);
      expect((await call(customer, 'GET', '/api/bookings?status=nope')).statusCode).toBe(400);

      const asCustomer = (await call(customer, 'GET', `/api/bookings/${id}`)).json() as Booking;
      expect(asCustomer.allowedActions).toEqual(['cancel', 'reschedule']);
      const asDetailer = (await call(detailer.user, 'GET', `/api/bookings/${id}`)).json() as Booking;
      expect(asDetailer.allowedActions).toEqual(['accept', 'decline']);

      const post = (user: UserRow | null, action: string, payload: object = {}) =>
        call(user, 'POST', `/api/bookings/${id}/${action}`, payload).then((r) => r.statusCode);
      for (const action of ['accept', 'decline', 'start-route', 'start', 'complete']) {
        expect(await post(null, action), action).toBe(401);
        expect(await post(customer, action), action).toBe(403);
        expect(await post(otherCustomer, action), action).toBe(404);
        expect(await post(otherDetailer.user, action), action).toBe(404);
      }
      for (const action of ['cancel', 'reschedule']) {
        const payload = action === 'reschedule' ? { date: '2026-11-25', time: '10:00 AM' } : {};
        expect(await post(null, action, payload), action).toBe(401);
        expect(await post(detailer.user, action, payload), action).toBe(403);
        expect(await post(admin, action, payload), action).toBe(403);
        expect(await post(otherCustomer, action, payload), action).toBe(404);
        expect(await post(otherDetailer.user, action, payload), action).toBe(404);
      }
      // An admin may act for the detailer.
      expect(await post(admin, 'accept')).toBe(200);
      expect(await post(detailer.user, 'start-route')).toBe(200);
    });
  });

  describe('lifecycle', () => {
    it('walks requested -> accepted -> en_route -> in_progress -> completed, notifying the other party', async () => {
      const detailer = await createDetailer(t.db);
      const customer = await quickCustomer();
      const { body } = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-26', '1:00 PM');
      await markAuthorized(t.db, body.id, clock.now());
      const typesFor = async (userId: number) =>
        (await t.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.entityId, String(body.id)))))
          .map((n) => n.type);
      expect(await typesFor(detailer.user.id)).toEqual(['booking_request']);

      const steps: [string, string][] = [
        ['accept', 'accepted'],
        ['start-route', 'en_route'],
        ['start', 'in_progress'],
        ['complete', 'completed'],
      ];
      for (const [action, status] of steps) {
        const response = await call(detailer.user, 'POST', `/api/bookings/${body.id}/${action}`);
        expect(response.statusCode, action).toBe(200);
        expect((response.json() as Booking).status).toBe(status);
      }
      expect(await typesFor(customer.id)).toEqual(['booking_update', 'service_update', 'service_update', 'service_complete']);
      const final = (await call(customer, 'GET', `/api/bookings/${body.id}`)).json() as Booking;
      expect(final.timeline!.map((e) => e.status)).toEqual(['pending_payment', 'requested', 'accepted', 'en_route', 'in_progress', 'completed']);
      expect(final.allowedActions).toEqual([]);

      const again = await call(detailer.user, 'POST', `/api/bookings/${body.id}/accept`);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Cannot accept a booking that is completed: it cannot move from completed to accepted');
      const cancel = await call(customer, 'POST', `/api/bookings/${body.id}/cancel`, {});
      expect(cancel.statusCode).toBe(409);
      expect(cancel.json().message).toContain('from completed to cancelled');
    });

    it('refuses moves the graph does not have and lets one of two concurrent accepts win', async () => {
      const detailer = await createDetailer(t.db);
      const customer = await quickCustomer();
      const { body } = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-26', '9:00 AM');
      const early = await call(detailer.user, 'POST', `/api/bookings/${body.id}/start`);
      expect(early.statusCode).toBe(404); // not yet requested: the detailer cannot see it
      await markAuthorized(t.db, body.id, clock.now());
      const start = await call(detailer.user, 'POST', `/api/bookings/${body.id}/start`);
      expect(start.statusCode).toBe(409);
      expect(start.json().message).toBe('Cannot start a booking that is requested: it cannot move from requested to in_progress');
      await expect(markAuthorized(t.db, body.id, clock.now())).rejects.toThrow('from requested to requested');

      const [first, second] = await Promise.all([
        call(detailer.user, 'POST', `/api/bookings/${body.id}/accept`),
        call(detailer.user, 'POST', `/api/bookings/${body.id}/decline`),
      ]);
      expect([first!.statusCode, second!.statusCode].sort()).toEqual([200, 409]);
      const events = ((await call(customer, 'GET', `/api/bookings/${body.id}`)).json() as Booking).timeline;
      expect(events).toHaveLength(3);
    });

    it('reschedules to a free slot only', async () => {
      const detailer = await createDetailer(t.db);
      const [customer, other] = await Promise.all([quickCustomer(), quickCustomer()]);
      const { body } = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-27', '9:00 AM');
      await book(other, detailer.detailerId, detailer.serviceId, '2026-11-27', '11:00 AM');
      await markAuthorized(t.db, body.id, clock.now());
      const taken = await call(customer, 'POST', `/api/bookings/${body.id}/reschedule`, { date: '2026-11-27', time: '11:00 AM' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe(takenMessage);
      const moved = await call(customer, 'POST', `/api/bookings/${body.id}/reschedule`, { date: '2026-11-28', time: '2:00 PM' });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({ status: 'requested', date: '2026-11-28', time: '2:00 PM', startsAt: '2026-11-28T22:00:00.000Z' });
      const notices = await t.db.select().from(notifications).where(eq(notifications.userId, detailer.user.id));
      expect(notices.map((n) => n.title)).toContain('Booking rescheduled');
      // The old slot is free again.
      expect((await book(other, detailer.detailerId, detailer.serviceId, '2026-11-27', '9:00 AM')).status).toBe(201);
    });
  });

  describe('cancellation', () => {
    it('is free 24 hours or more before the start and costs the fee, confirmed, after', async () => {
      const detailer = await createDetailer(t.db);
      const customer = await quickCustomer();
      // Tomorrow 9:00 AM = 2026-11-24T17:00Z, 25 hours from the clock: free.
      const free = (await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-24', '9:00 AM')).body;
      expect(free.cancellationFeeCents).toBe(0);
      await markAuthorized(t.db, free.id, clock.now());
      const freeCancel = await call(customer, 'POST', `/api/bookings/${free.id}/cancel`, {});
      expect(freeCancel.statusCode).toBe(200);
      expect(freeCancel.json()).toMatchObject({ status: 'cancelled', allowedActions: [] });
      expect((await t.db.select().from(bookings).where(eq(bookings.id, free.id)))[0]!.cancellationFeeCents).toBe(0);
      const told = await t.db.select().from(notifications).where(eq(notifications.userId, detailer.user.id));
      expect(told.map((n) => n.title)).toContain('Booking cancelled');

      // Tomorrow 3:00 PM is 31 hours away; an hour before 24h mark... move the clock to 20 hours before.
      const late = (await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-24', '3:00 PM')).body;
      await markAuthorized(t.db, late.id, clock.now());
      const start = new Date(late.startsAt).getTime();
      clock.set(new Date(start - 24 * 3_600_000 - 60_000));
      try {
        expect(((await call(customer, 'GET', `/api/bookings/${late.id}`)).json() as Booking).cancellationFeeCents).toBe(0);
        clock.set(new Date(start - 20 * 3_600_000));
        expect(((await call(customer, 'GET', `/api/bookings/${late.id}`)).json() as Booking).cancellationFeeCents).toBe(1500);
        const unconfirmed = await call(customer, 'POST', `/api/bookings/${late.id}/cancel`, {});
        expect(unconfirmed.statusCode).toBe(409);
        expect(unconfirmed.json().message).toBe(
          'Cancelling less than 24 hours before the start costs the $15.00 service fee. Confirm to cancel.',
        );
        const confirmed = await call(customer, 'POST', `/api/bookings/${late.id}/cancel`, { confirmFee: true });
        expect(confirmed.statusCode).toBe(200);
        expect((await t.db.select().from(bookings).where(eq(bookings.id, late.id)))[0]!.cancellationFeeCents).toBe(1500);
      } finally {
        clock.set(new Date('2026-11-23T16:00:00Z'));
      }
    });
  });

  describe('expiry job', () => {
    it('abandons lapsed holds and expires unanswered requests, with notifications', async () => {
      const detailer = await createDetailer(t.db);
      const customer = await quickCustomer();
      const now = new Date('2026-11-23T16:00:00Z');
      const hold = await createBooking(t.db, {
        customerId: customer.id,
        detailerId: detailer.detailerId,
        serviceId: detailer.serviceId,
        startsAt: new Date('2026-12-01T17:00:00Z'),
        holdExpiresAt: new Date(now.getTime() + 60_000),
        createdAt: now,
      });
      const fresh = await createBooking(t.db, {
        customerId: customer.id,
        detailerId: detailer.detailerId,
        serviceId: detailer.serviceId,
        status: 'requested',
        startsAt: new Date('2026-12-02T17:00:00Z'),
        createdAt: now,
      });
      const stale = await createBooking(t.db, {
        customerId: customer.id,
        detailerId: detailer.detailerId,
        serviceId: detailer.serviceId,
        status: 'requested',
        startsAt: new Date('2026-12-03T17:00:00Z'),
        createdAt: new Date(now.getTime() - 12 * 3_600_000),
      });
      const startsSoon = await createBooking(t.db, {
        customerId: customer.id,
        detailerId: detailer.detailerId,
        serviceId: detailer.serviceId,
        status: 'requested',
        startsAt: new Date(now.getTime() - 60_000),
        createdAt: new Date(now.getTime() - 3_600_000),
      });
      const accepted = await createBooking(t.db, {
        customerId: customer.id,
        detailerId: detailer.detailerId,
        serviceId: detailer.serviceId,
        status: 'accepted',
        startsAt: new Date('2026-12-04T17:00:00Z'),
        createdAt: new Date(now.getTime() - 48 * 3_600_000),
      });
      const statusOf = async (id: number) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!.status;

      const first = await runBookingExpiry(t.db, now);
      expect(first.abandoned).toBe(0);
      expect(await statusOf(hold.id)).toBe('pending_payment');
      expect(await statusOf(stale.id)).toBe('expired');
      expect(await statusOf(startsSoon.id)).toBe('expired');
      expect(await statusOf(fresh.id)).toBe('requested');
      expect(await statusOf(accepted.id)).toBe('accepted');

      await runBookingExpiry(t.db, new Date(now.getTime() + 2 * 60_000));
      expect(await statusOf(hold.id)).toBe('abandoned');
      await runBookingExpiry(t.db, new Date(now.getTime() + 12 * 3_600_000));
      expect(await statusOf(fresh.id)).toBe('expired');
      expect(await statusOf(accepted.id)).toBe('accepted');

      const customerNotices = await t.db.select().from(notifications).where(eq(notifications.userId, customer.id));
      expect(customerNotices.map((n) => n.title).sort()).toEqual([
        'Booking hold expired',
        'Booking request expired',
        'Booking request expired',
        'Booking request expired',
      ]);
      const again = await runBookingExpiry(t.db, new Date(now.getTime() + 13 * 3_600_000));
      expect(again).toEqual({ abandoned: 0, expired: 0 });
    });
  });
});
