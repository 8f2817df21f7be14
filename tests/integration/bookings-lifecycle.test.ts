import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Booking } from '@core/schemas/booking.ts';
import { bookings, notifications } from '../../server/db/schema.ts';
import { markAuthorized } from '../../server/bookings/booking-transitions.ts';
import { runBookingExpiry } from '../../server/bookings/booking-expiry-job.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { createAdmin, createBooking, createDetailer } from '../factories/index.ts';
import { slotTakenText as takenMessage, useBookingTestApp } from './booking-test-app.ts';
import { databaseKinds } from './test-app.ts';
import { addProofOfService } from '../factories/proof-of-service.ts';

describe.each(databaseKinds)('bookings: access and lifecycle on %s', (kind) => {
  const t = useBookingTestApp(kind);
  const { clock, call, quickCustomer, book } = t;

  describe('access', () => {
    it('gives each role exactly its routes', async () => {
      const detailer = await createDetailer(t.ctx);
      const otherDetailer = await createDetailer(t.ctx);
      const customer = await quickCustomer();
      const otherCustomer = await quickCustomer();
      const admin = await createAdmin(t.ctx, { password: undefined });
      const created = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-25', '9:00 AM');
      const id = created.body.id;

      // While awaiting payment the request is the customer's alone: the detailer does not see it yet.
      expect((await call(detailer.user, 'GET', `/api/bookings/${id}`)).statusCode).toBe(404);
      expect((await call(detailer.user, 'GET', '/api/bookings')).json()).toEqual([]);
      await markAuthorized(t.ctx, id, clock.now());

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
      // An admin may act for the detailer. On my way opens 2 hours before the start (decision 015): 7:00 AM there.
      expect(await post(admin, 'accept')).toBe(200);
      clock.set(new Date(new Date(created.body.startsAt).getTime() - 2 * 3_600_000));
      try {
        expect(await post(detailer.user, 'start-route')).toBe(200);
      } finally {
        clock.set(new Date('2026-11-23T16:00:00Z'));
      }
    });
  });

  describe('lifecycle', () => {
    it('walks requested -> accepted -> en_route -> in_progress -> completed, notifying the other party', async () => {
      const detailer = await createDetailer(t.ctx);
      const customer = await quickCustomer();
      const { body } = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-26', '1:00 PM');
      await markAuthorized(t.ctx, body.id, clock.now());
      const typesFor = async (userId: number) =>
        (
          await t.db
            .select()
            .from(notifications)
            .where(and(eq(notifications.userId, userId), eq(notifications.entityId, String(body.id))))
        ).map((n) => n.type);
      expect(await typesFor(detailer.user.id)).toEqual(['booking_request']);

      const steps: [string, string][] = [
        ['accept', 'accepted'],
        ['start-route', 'en_route'],
        ['start', 'in_progress'],
        ['complete', 'completed'],
      ];
      // On my way and Start open shortly before the start (decision 015): the job is done at its start.
      clock.set(new Date(body.startsAt));
      try {
        for (const [action, status] of steps) {
          if (action === 'complete') await addProofOfService(t.ctx, detailer.user, body.id);
          const response = await call(detailer.user, 'POST', `/api/bookings/${body.id}/${action}`);
          expect(response.statusCode, action).toBe(200);
          expect((response.json() as Booking).status).toBe(status);
        }
      } finally {
        clock.set(new Date('2026-11-23T16:00:00Z'));
      }
      expect(await typesFor(customer.id)).toEqual(['booking_update', 'service_update', 'service_update', 'service_complete']);
      const final = (await call(customer, 'GET', `/api/bookings/${body.id}`)).json() as Booking;
      expect(final.timeline!.map((e) => e.status)).toEqual([
        'pending_payment',
        'requested',
        'accepted',
        'en_route',
        'in_progress',
        'completed',
      ]);
      expect(final.allowedActions).toEqual([]);

      const again = await call(detailer.user, 'POST', `/api/bookings/${body.id}/accept`);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Cannot accept a booking that is completed: it cannot move from completed to accepted');
      const cancel = await call(customer, 'POST', `/api/bookings/${body.id}/cancel`, {});
      expect(cancel.statusCode).toBe(409);
      expect(cancel.json().message).toContain('from completed to cancelled');
    });

    it('refuses moves the graph does not have and lets one of two concurrent accepts win', async () => {
      const detailer = await createDetailer(t.ctx);
      const customer = await quickCustomer();
      const { body } = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-26', '9:00 AM');
      const early = await call(detailer.user, 'POST', `/api/bookings/${body.id}/start`);
      expect(early.statusCode).toBe(404); // not yet requested: the detailer cannot see it
      await markAuthorized(t.ctx, body.id, clock.now());
      const start = await call(detailer.user, 'POST', `/api/bookings/${body.id}/start`);
      expect(start.statusCode).toBe(409);
      expect(start.json().message).toBe('Cannot start a booking that is requested: it cannot move from requested to in_progress');
      await expect(markAuthorized(t.ctx, body.id, clock.now())).rejects.toThrow('from requested to requested');

      const [first, second] = await Promise.all([
        call(detailer.user, 'POST', `/api/bookings/${body.id}/accept`),
        call(detailer.user, 'POST', `/api/bookings/${body.id}/decline`),
      ]);
      expect([first!.statusCode, second!.statusCode].sort()).toEqual([200, 409]);
      const events = ((await call(customer, 'GET', `/api/bookings/${body.id}`)).json() as Booking).timeline;
      expect(events).toHaveLength(3);
    });

    it('reschedules to a free slot only', async () => {
      const detailer = await createDetailer(t.ctx);
      const [customer, other] = await Promise.all([quickCustomer(), quickCustomer()]);
      const { body } = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-27', '9:00 AM');
      await book(other, detailer.detailerId, detailer.serviceId, '2026-11-27', '11:00 AM');
      await markAuthorized(t.ctx, body.id, clock.now());
      const taken = await call(customer, 'POST', `/api/bookings/${body.id}/reschedule`, { date: '2026-11-27', time: '11:00 AM' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe(takenMessage);
      const moved = await call(customer, 'POST', `/api/bookings/${body.id}/reschedule`, { date: '2026-11-28', time: '2:00 PM' });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({
        status: 'requested',
        date: '2026-11-28',
        time: '2:00 PM',
        startsAt: '2026-11-28T22:00:00.000Z',
      });
      const notices = await t.db.select().from(notifications).where(eq(notifications.userId, detailer.user.id));
      expect(notices.map((n) => n.title)).toContain('Booking rescheduled');
      // The old slot is free again.
      expect((await book(other, detailer.detailerId, detailer.serviceId, '2026-11-27', '9:00 AM')).status).toBe(201);
    });
  });

  describe('cancellation', () => {
    it('is free 24 hours or more before the start and costs the fee, confirmed, after', async () => {
      const detailer = await createDetailer(t.ctx);
      const customer = await quickCustomer();
      // Tomorrow 9:00 AM = 2026-11-24T17:00Z, 25 hours from the clock: free.
      const free = (await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-24', '9:00 AM')).body;
      expect(free.cancellationFeeCents).toBe(0);
      await markAuthorized(t.ctx, free.id, clock.now());
      const freeCancel = await call(customer, 'POST', `/api/bookings/${free.id}/cancel`, {});
      expect(freeCancel.statusCode).toBe(200);
      expect(freeCancel.json()).toMatchObject({ status: 'cancelled', allowedActions: [] });
      expect((await t.db.select().from(bookings).where(eq(bookings.id, free.id)))[0]!.cancellationFeeCents).toBe(0);
      const told = await t.db.select().from(notifications).where(eq(notifications.userId, detailer.user.id));
      expect(told.map((n) => n.title)).toContain('Booking cancelled');

      // Tomorrow 3:00 PM is 31 hours away; an hour before 24h mark... move the clock to 20 hours before.
      const late = (await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-24', '3:00 PM')).body;
      await markAuthorized(t.ctx, late.id, clock.now());
      const start = new Date(late.startsAt).getTime();
      clock.set(new Date(start - 24 * 3_600_000 - 60_000));
      try {
        expect(((await call(customer, 'GET', `/api/bookings/${late.id}`)).json() as Booking).cancellationFeeCents).toBe(0);
        clock.set(new Date(start - 20 * 3_600_000));
        expect(((await call(customer, 'GET', `/api/bookings/${late.id}`)).json() as Booking).cancellationFeeCents).toBe(1500);
        const unconfirmed = await call(customer, 'POST', `/api/bookings/${late.id}/cancel`, {});
        expect(unconfirmed.statusCode).toBe(409);
        expect(unconfirmed.json().message).toBe(
          'Cancelling less than 24 hours before the start costs the $15.00 late cancellation fee. Confirm to cancel.',
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
      const detailer = await createDetailer(t.ctx);
      const customer = await quickCustomer();
      const now = new Date('2026-11-23T16:00:00Z');
      const hold = await createBooking(t.ctx, {
        customerId: customer.id,
        detailerId: detailer.detailerId,
        serviceId: detailer.serviceId,
        startsAt: new Date('2026-12-01T17:00:00Z'),
        holdExpiresAt: new Date(now.getTime() + 60_000),
        createdAt: now,
      });
      const fresh = await createBooking(t.ctx, {
        customerId: customer.id,
        detailerId: detailer.detailerId,
        serviceId: detailer.serviceId,
        status: 'requested',
        startsAt: new Date('2026-12-02T17:00:00Z'),
        createdAt: now,
      });
      const stale = await createBooking(t.ctx, {
        customerId: customer.id,
        detailerId: detailer.detailerId,
        serviceId: detailer.serviceId,
        status: 'requested',
        startsAt: new Date('2026-12-03T17:00:00Z'),
        createdAt: new Date(now.getTime() - 12 * 3_600_000),
      });
      const startsSoon = await createBooking(t.ctx, {
        customerId: customer.id,
        detailerId: detailer.detailerId,
        serviceId: detailer.serviceId,
        status: 'requested',
        startsAt: new Date(now.getTime() - 60_000),
        createdAt: new Date(now.getTime() - 3_600_000),
      });
      const accepted = await createBooking(t.ctx, {
        customerId: customer.id,
        detailerId: detailer.detailerId,
        serviceId: detailer.serviceId,
        status: 'accepted',
        startsAt: new Date('2026-12-04T17:00:00Z'),
        createdAt: new Date(now.getTime() - 48 * 3_600_000),
      });
      const statusOf = async (id: number) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!.status;

      const first = await runBookingExpiry(t.ctx, now);
      expect(first.abandoned).toBe(0);
      expect(await statusOf(hold.id)).toBe('pending_payment');
      expect(await statusOf(stale.id)).toBe('expired');
      expect(await statusOf(startsSoon.id)).toBe('expired');
      expect(await statusOf(fresh.id)).toBe('requested');
      expect(await statusOf(accepted.id)).toBe('accepted');

      await runBookingExpiry(t.ctx, new Date(now.getTime() + 2 * 60_000));
      expect(await statusOf(hold.id)).toBe('abandoned');
      await runBookingExpiry(t.ctx, new Date(now.getTime() + 12 * 3_600_000));
      expect(await statusOf(fresh.id)).toBe('expired');
      expect(await statusOf(accepted.id)).toBe('accepted');

      const customerNotices = await t.db.select().from(notifications).where(eq(notifications.userId, customer.id));
      expect(customerNotices.map((n) => n.title).sort()).toEqual([
        'Booking hold expired',
        'Booking request expired',
        'Booking request expired',
        'Booking request expired',
      ]);
      const again = await runBookingExpiry(t.ctx, new Date(now.getTime() + 13 * 3_600_000));
      expect(again).toEqual({ abandoned: 0, expired: 0, overdue: 0 });
    });
  });
});
