import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Booking } from '@core/schemas/booking.ts';
import { detailerDashboardSchema } from '@core/schemas/dashboard.ts';
import type { PaymentIntentResponse } from '@core/schemas/payments.ts';
import { bookings, notifications, payments } from '../../server/db/schema.ts';
import { runBookingExpiry } from '../../server/bookings/booking-expiry-job.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { createAdmin, createBooking, createCustomer, createDetailer } from '../factories/index.ts';
import { createCaller, createTestApp, createTestClock, databaseKinds, type TestApp } from './test-app.ts';

const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123', zip: '94107' };
// Tuesday 2026-12-01, 9:00 AM in Los Angeles; the clock starts on Monday 2026-11-23, 8:00 AM there.
const startsAt = new Date('2026-12-01T17:00:00Z');
const minutesAfterStart = (minutes: number) => new Date(startsAt.getTime() + minutes * 60_000);

// Issue 36, 'Confirmed means confirmed' (decision 035): an instant-booking detailer's paid booking is accepted at
// once; a request says when the detailer must answer, by the one rule the expiry job applies; a job not started an
// hour after its time falls overdue, with a no-show path for each side and its money.
describe.each(databaseKinds)('confirmed means confirmed on %s', (kind) => {
  let t: TestApp;
  const clock = createTestClock();
  const start = clock.now();

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
  });
  afterAll(() => t?.close());

  const { call, cookieFor } = createCaller(() => t, clock);

  async function paidBooking({ instant }: { instant: boolean }) {
    clock.set(start);
    const detailer = await createDetailer(t.ctx);
    if (instant) {
      const turnedOn = await call(detailer.user, 'PUT', '/api/detailer/instant-booking', { instantBooking: true });
      expect(turnedOn.statusCode, turnedOn.body).toBe(200);
    }
    const customer = await createCustomer(t.ctx, { password: undefined });
    const booking = await createBooking(t.ctx, {
      customerId: customer.id,
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
      startsAt,
      createdAt: clock.now(),
    });
    const intent = await call(customer, 'POST', '/api/create-payment-intent', { bookingId: booking.id });
    expect(intent.statusCode, intent.body).toBe(200);
    const { clientSecret } = intent.json() as PaymentIntentResponse;
    const paid = await call(customer, 'POST', '/api/payments/test-gateway/confirm', { clientSecret, card });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status).toBe('requires_capture');
    return { detailer, customer, booking };
  }

  const read = async (user: UserRow, id: number) => {
    const response = await call(user, 'GET', `/api/bookings/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Booking;
  };
  const titlesFor = async (userId: number) =>
    (await t.db.select({ title: notifications.title }).from(notifications).where(eq(notifications.userId, userId))).map((n) => n.title);
  const ledger = async (bookingId: number) =>
    (await t.db.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(payments.id)).map((row) => [
      row.kind,
      row.amountCents,
      row.status,
    ]);
  const statusOf = async (id: number) =>
    (await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]!.status;
  const dashboardOf = async (detailer: UserRow) => {
    const response = await call(detailer, 'GET', '/api/detailer/dashboard');
    expect(response.statusCode, response.body).toBe(200);
    return detailerDashboardSchema.parse(response.json());
  };
  async function setRequestTimeout(admin: UserRow, hours: number) {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: { cookie: await cookieFor(admin) },
      payload: { requestTimeoutHours: hours },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  describe('instant booking, the detailer’s own setting', () => {
    it('is off until the detailer turns it on; only a detailer reads or sets it, and bad input changes nothing', async () => {
      const detailer = await createDetailer(t.ctx);
      const customer = await createCustomer(t.ctx, { password: undefined });
      expect((await call(detailer.user, 'GET', '/api/detailer/instant-booking')).json()).toEqual({ instantBooking: false });
      expect((await call(null, 'PUT', '/api/detailer/instant-booking', { instantBooking: true })).statusCode).toBe(401);
      expect((await call(customer, 'PUT', '/api/detailer/instant-booking', { instantBooking: true })).statusCode).toBe(403);
      expect((await call(customer, 'GET', '/api/detailer/instant-booking')).statusCode).toBe(403);
      const bad = await call(detailer.user, 'PUT', '/api/detailer/instant-booking', { instantBooking: 'yes' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain('instantBooking must be true or false');
      expect((await call(detailer.user, 'GET', '/api/detailer/instant-booking')).json()).toEqual({ instantBooking: false });
      const on = await call(detailer.user, 'PUT', '/api/detailer/instant-booking', { instantBooking: true });
      expect(on.json()).toEqual({ instantBooking: true });
      expect((await call(detailer.user, 'GET', '/api/detailer/instant-booking')).json()).toEqual({ instantBooking: true });
    });
  });

  describe('after paying', () => {
    it('[CUSTOMER] an instant-booking detailer’s booking is accepted at once, through the graph, each side told', async () => {
      const { detailer, customer, booking } = await paidBooking({ instant: true });
      const seen = await read(customer, booking.id);
      expect(seen.status).toBe('accepted');
      expect(seen.answerBy).toBeNull();
      expect(seen.timeline.map((step) => [step.action, step.status])).toEqual([
        ['create', 'pending_payment'],
        ['authorize', 'requested'],
        ['instant-accept', 'accepted'],
      ]);
      expect(await titlesFor(customer.id)).toContain('Booking confirmed');
      const detailerTitles = await titlesFor(detailer.user.id);
      expect(detailerTitles).toContain('New booking');
      expect(detailerTitles).not.toContain('New booking request');
      // Accepted is not charged: the card is held until the job is done.
      expect(await ledger(booking.id)).toEqual([['authorize', 7872, 'succeeded']]);
      // An instant acceptance is not one of the detailer's answers: the acceptance rate counts none.
      expect((await dashboardOf(detailer.user)).acceptance).toMatchObject({ accepted: 0, declined: 0, expired: 0 });
    });

    it('[CUSTOMER] a request says when the detailer must answer: the admin’s request expiry after booking', async () => {
      const { detailer, customer, booking } = await paidBooking({ instant: false });
      const seen = await read(customer, booking.id);
      expect(seen.status).toBe('requested');
      expect(seen.answerBy).toBe(new Date(start.getTime() + 12 * 3_600_000).toISOString());
      expect(await titlesFor(detailer.user.id)).toContain('New booking request');
    });
  });

  describe('answer-by, one answer', () => {
    it('[ADMIN] the dashboard, the booking and the expiry job use the same answer-by when the setting changes', async () => {
      const admin = await createAdmin(t.ctx, { password: undefined });
      const { detailer, customer, booking } = await paidBooking({ instant: false });
      try {
        await setRequestTimeout(admin, 3);
        const answerBy = new Date(start.getTime() + 3 * 3_600_000);
        const request = (await dashboardOf(detailer.user)).requests.find((r) => r.booking.id === booking.id)!;
        expect(request.answerBy).toBe(answerBy.toISOString());
        expect((await read(customer, booking.id)).answerBy).toBe(answerBy.toISOString());

        // One second before the answer-by the request still waits; at it, the job expires it and releases the hold.
        await runBookingExpiry(t.ctx, new Date(answerBy.getTime() - 1000));
        expect(await statusOf(booking.id)).toBe('requested');
        await runBookingExpiry(t.ctx, answerBy);
        expect(await statusOf(booking.id)).toBe('expired');
        expect(await ledger(booking.id)).toEqual([
          ['authorize', 7872, 'succeeded'],
          ['release', 7872, 'succeeded'],
        ]);
      } finally {
        await setRequestTimeout(admin, 12);
      }
    });
  });

  describe('a job past its time with no start', () => {
    async function overdueBooking() {
      const paid = await paidBooking({ instant: true });
      clock.set(minutesAfterStart(59));
      await runBookingExpiry(t.ctx, clock.now());
      expect(await statusOf(paid.booking.id)).toBe('accepted');
      expect((await dashboardOf(paid.detailer.user)).todayJobs.map((job) => job.id)).toContain(paid.booking.id);
      clock.set(minutesAfterStart(60));
      await runBookingExpiry(t.ctx, clock.now());
      expect(await statusOf(paid.booking.id)).toBe('overdue');
      return paid;
    }

    it('[DETAILER] falls overdue an hour after its time: off Today, no On my way, a no-show path for each side', async () => {
      const { detailer, customer, booking } = await overdueBooking();
      const dashboard = await dashboardOf(detailer.user);
      expect(dashboard.todayJobs.map((job) => job.id)).not.toContain(booking.id);
      expect(dashboard.overdueJobs.map((job) => [job.id, job.status, job.allowedActions])).toEqual([
        [booking.id, 'overdue', ['start', 'customer-absent']],
      ]);
      expect((await read(detailer.user, booking.id)).allowedActions).toEqual(['start', 'customer-absent']);
      expect((await read(customer, booking.id)).allowedActions).toEqual(['report-no-show']);
      expect(await titlesFor(customer.id)).toContain('Your job has not started');
      expect(await titlesFor(detailer.user.id)).toContain('Job overdue');
      const onMyWay = await call(detailer.user, 'POST', `/api/bookings/${booking.id}/start-route`);
      expect(onMyWay.statusCode).toBe(409);
      expect(await ledger(booking.id)).toEqual([['authorize', 7872, 'succeeded']]);
    });

    it('[CUSTOMER] reports that the detailer never came: cancelled, the whole hold released, nothing charged', async () => {
      const { detailer, customer, booking } = await overdueBooking();
      expect((await call(detailer.user, 'POST', `/api/bookings/${booking.id}/report-no-show`)).statusCode).toBe(403);
      const reported = await call(customer, 'POST', `/api/bookings/${booking.id}/report-no-show`);
      expect(reported.statusCode, reported.body).toBe(200);
      expect((reported.json() as Booking).status).toBe('cancelled');
      expect(await ledger(booking.id)).toEqual([
        ['authorize', 7872, 'succeeded'],
        ['release', 7872, 'succeeded'],
      ]);
      expect(await titlesFor(detailer.user.id)).toContain('No-show reported');
      // The other side's path is closed once one is taken.
      expect((await call(detailer.user, 'POST', `/api/bookings/${booking.id}/customer-absent`)).statusCode).toBe(409);
    });

    it('[DETAILER] marks the customer absent: the booking’s late-cancellation fee is captured, the rest released', async () => {
      const { detailer, customer, booking } = await overdueBooking();
      expect((await call(customer, 'POST', `/api/bookings/${booking.id}/customer-absent`)).statusCode).toBe(403);
      const absent = await call(detailer.user, 'POST', `/api/bookings/${booking.id}/customer-absent`);
      expect(absent.statusCode, absent.body).toBe(200);
      expect((absent.json() as Booking).status).toBe('no_show');
      const [row] = await t.db
        .select()
        .from(bookings)
        .where(and(eq(bookings.id, booking.id)));
      expect(row!.cancellationFeeCents).toBe(booking.lateCancellationFeeCents);
      expect(await ledger(booking.id)).toEqual([
        ['authorize', 7872, 'succeeded'],
        ['capture', booking.lateCancellationFeeCents, 'succeeded'],
      ]);
      expect(await titlesFor(customer.id)).toContain('Marked absent');
      expect((await call(customer, 'POST', `/api/bookings/${booking.id}/report-no-show`)).statusCode).toBe(409);
    });

    it('[DETAILER] cannot mark a customer absent before the job is overdue', async () => {
      const { detailer, booking } = await paidBooking({ instant: true });
      clock.set(minutesAfterStart(30));
      const early = await call(detailer.user, 'POST', `/api/bookings/${booking.id}/customer-absent`);
      expect(early.statusCode).toBe(409);
      expect(await statusOf(booking.id)).toBe('accepted');
    });
  });
});
