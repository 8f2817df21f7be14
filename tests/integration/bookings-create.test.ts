import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bookingSchema } from '@core/schemas/booking.ts';
import { bookings, detailers } from '../../server/db/schema.ts';
import { ensureService } from '../../server/catalog/catalog-admin-service.ts';
import { createAdmin, createDetailer } from '../factories/index.ts';
import { slotTakenText as takenMessage, useBookingTestApp } from './booking-test-app.ts';
import { databaseKinds } from './test-app.ts';

describe.each(databaseKinds)('bookings: creating and availability on %s', (kind) => {
  const t = useBookingTestApp(kind);
  const { clock, call, cookieFor, quickCustomer, bookingBody, book } = t;

  describe('creating', () => {
    it('gives exactly one booking per slot in 20 rounds of 50 concurrent requests', async () => {
      const detailer = await createDetailer(t.ctx);
      const customers = await Promise.all(Array.from({ length: 50 }, quickCustomer));
      for (const customer of customers) await cookieFor(customer);
      const dates = ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'];
      const labels = ['9:00 AM', '10:00 AM', '11:00 AM', '1:00 PM', '2:00 PM'];
      const started = performance.now();
      for (let round = 0; round < 20; round++) {
        const date = dates[Math.floor(round / labels.length)]!;
        const time = labels[round % labels.length]!;
        const results = await Promise.all(customers.map((customer) => book(customer, detailer.detailerId, detailer.serviceId, date, time)));
        const statuses = results.map((r) => r.status);
        const failures = `round ${round}; the server's errors: ${t.serverErrors.slice(0, 3).join('\n') || 'none'}`;
        expect(
          statuses.filter((s) => s === 201),
          failures,
        ).toHaveLength(1);
        expect(
          statuses.filter((s) => s === 409),
          failures,
        ).toHaveLength(49);
        for (const loser of results.filter((r) => r.status === 409)) expect(loser.body.message).toBe(takenMessage);
        // The winner pays, so that its hold does not count against the cap of unpaid holds in later rounds.
        const winner = results.find((r) => r.status === 201)!;
        await t.db.update(bookings).set({ status: 'requested', holdExpiresAt: null }).where(eq(bookings.id, winner.body.id));
      }
      const seconds = (performance.now() - started) / 1000;
      console.info(`[measure] ${kind}: 20 rounds x 50 concurrent POST /api/bookings in ${seconds.toFixed(1)} s`);
      const live = await t.db.select().from(bookings).where(eq(bookings.detailerId, detailer.detailerId));
      expect(live).toHaveLength(20);
      // No time bound: speed is a benchmark's figure, and this machine's load decides it (71 s at load 22, 2 cores).
      // Lock chains that would abort as deadlocks show up above as 500s instead of 409s.
    }, 240_000);

    it('holds the slot as pending_payment with amounts from the catalog, ignoring a tampered price', async () => {
      const detailer = await createDetailer(t.ctx);
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
      const detailer = await createDetailer(t.ctx, { service: { durationMinutes: 90 } });
      const hour = await ensureService(t.ctx, detailer.detailerId, {
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
      // A one-hour service at 1:00 PM ends at 2:00 PM, exactly when the next one starts: with no travel buffer
      // (issue 20; same address, so no drive either) the jobs may touch.
      await t.db.update(detailers).set({ travelBufferMinutes: 0 }).where(eq(detailers.id, detailer.detailerId));
      expect((await book(c!, detailer.detailerId, hour, '2026-11-24', '1:00 PM')).status).toBe(201);
      expect((await book(d!, detailer.detailerId, hour, '2026-11-24', '2:00 PM')).status).toBe(201);
    });

    it('validates the step data and the slot', async () => {
      const detailer = await createDetailer(t.ctx);
      const other = await createDetailer(t.ctx);
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
      const detailer = await createDetailer(t.ctx);
      const admin = await createAdmin(t.ctx, { password: undefined });
      const body = bookingBody(detailer.detailerId, detailer.serviceId, '2026-11-24', '9:00 AM');
      expect((await call(null, 'POST', '/api/bookings', body)).statusCode).toBe(401);
      expect((await call(detailer.user, 'POST', '/api/bookings', body)).statusCode).toBe(403);
      expect((await call(admin, 'POST', '/api/bookings', body)).statusCode).toBe(403);
    });
  });

  describe('availability', () => {
    it('flags slots from weekly hours, days off, the clock and live bookings', async () => {
      const detailer = await createDetailer(t.ctx);
      const long = await ensureService(t.ctx, detailer.detailerId, {
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
      expect(await slots('2026-11-24', long)).toEqual({
        ...all(true),
        '9:00 AM': false,
        '10:00 AM': false,
        '11:00 AM': false,
        '3:00 PM': false,
      });

      // Later the same day, the morning is past.
      clock.set(new Date('2026-11-24T19:30:00Z')); // 11:30 AM in Los Angeles
      try {
        expect(await slots('2026-11-24', detailer.serviceId)).toEqual({
          ...all(true),
          '9:00 AM': false,
          '10:00 AM': false,
          '11:00 AM': false,
        });
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
      const detailer = await createDetailer(t.ctx);
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
      expect(
        sunday
          .json()
          .slots.filter((s: { available: boolean }) => s.available)
          .map((s: { time: string }) => s.time),
      ).toEqual(['10:00 AM', '11:00 AM']);
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
});
