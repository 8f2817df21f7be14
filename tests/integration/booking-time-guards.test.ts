import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Booking } from '@core/schemas/booking.ts';
import { bookingEvents, bookings, notifications } from '../../server/db/schema.ts';
import { markAuthorized } from '../../server/bookings/booking-transitions.ts';
import { createAdmin, createDetailer } from '../factories/index.ts';
import { useBookingTestApp } from './booking-test-app.ts';
import { databaseKinds } from './test-app.ts';
import { addProofOfService } from '../factories/proof-of-service.ts';

// The job's day (decision 015): On my way opens 2 hours before the start, Start 30 minutes before, Complete after
// Start. The clock stands on Monday 2026-11-23, 8:00 AM in Los Angeles; the test moves it to the edges.
describe.each(databaseKinds)("bookings: the job's day on %s", (kind) => {
  const t = useBookingTestApp(kind);
  const { clock, call, quickCustomer, book } = t;
  const monday = clock.now();
  afterEach(() => clock.set(monday));

  const minute = 60_000;

  /** An accepted booking for Tuesday 9:00 AM in Los Angeles (17:00 UTC), its detailer and its customer. */
  async function acceptedTuesdayJob() {
    const detailer = await createDetailer(t.ctx);
    const customer = await quickCustomer();
    const created = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-24', '9:00 AM');
    expect(created.status).toBe(201);
    await markAuthorized(t.ctx, created.body.id, clock.now());
    expect((await call(detailer.user, 'POST', `/api/bookings/${created.body.id}/accept`)).statusCode).toBe(200);
    const startsAt = new Date(created.body.startsAt);
    expect(startsAt.toISOString()).toBe('2026-11-24T17:00:00.000Z');
    return { id: created.body.id, detailer, customer, startsAt };
  }

  /** Everything a refused move must leave as it was: the row, its events, and who was told what. */
  async function snapshot(id: number) {
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    const events = await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, id));
    const notices = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.entityId, String(id)));
    return { row, events: events.length, notices: notices.length };
  }

  it('opens On my way 2 hours before the start and Start 30 minutes before; Complete follows Start', async () => {
    const { id, detailer, startsAt } = await acceptedTuesdayJob();
    const post = (action: string) => call(detailer.user, 'POST', `/api/bookings/${id}/${action}`);
    const before = (minutes: number) => clock.set(new Date(startsAt.getTime() - minutes * minute));

    // The day before, the refusal names the day it opens; the action stays listed for the client to show disabled.
    const dayBefore = await post('start-route');
    expect(dayBefore.statusCode).toBe(409);
    expect(dayBefore.json().message).toBe('On my way opens on Tue, Nov 24 at 7:00 AM (2 hours before the start)');
    expect(((await call(detailer.user, 'GET', `/api/bookings/${id}`)).json() as Booking).allowedActions).toEqual(['start-route']);

    before(121);
    const unchanged = await snapshot(id);
    const early = await post('start-route');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'conflict', message: 'On my way opens at 7:00 AM (2 hours before the start)' });
    expect(await snapshot(id)).toEqual(unchanged);
    expect(unchanged.row!.status).toBe('accepted');

    before(120);
    const onTheWay = await post('start-route');
    expect(onTheWay.statusCode, onTheWay.body).toBe(200);
    expect((onTheWay.json() as Booking).status).toBe('en_route');

    before(31);
    const enRoute = await snapshot(id);
    const startEarly = await post('start');
    expect(startEarly.statusCode).toBe(409);
    expect(startEarly.json().message).toBe('Start opens at 8:30 AM (30 minutes before the start)');
    expect(await snapshot(id)).toEqual(enRoute);
    expect(enRoute.row!.status).toBe('en_route');

    before(30);
    const started = await post('start');
    expect(started.statusCode, started.body).toBe(200);
    expect((started.json() as Booking).status).toBe('in_progress');

    clock.advance(40 * minute);
    await addProofOfService(t.ctx, detailer.user, id);
    const completed = await post('complete');
    expect(completed.statusCode, completed.body).toBe(200);
    expect((completed.json() as Booking).timeline.map((e) => e.status)).toEqual([
      'pending_payment',
      'requested',
      'accepted',
      'en_route',
      'in_progress',
      'completed',
    ]);
  });

  it('holds an admin acting for the detailer to the same hours', async () => {
    const { id, startsAt } = await acceptedTuesdayJob();
    const admin = await createAdmin(t.ctx, { password: undefined });
    clock.set(new Date(startsAt.getTime() - 121 * minute));
    const early = await call(admin, 'POST', `/api/bookings/${id}/start-route`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('On my way opens at 7:00 AM (2 hours before the start)');
    clock.set(new Date(startsAt.getTime() - 120 * minute));
    expect((await call(admin, 'POST', `/api/bookings/${id}/start-route`)).statusCode).toBe(200);
  });

  it("gives another booking's detailer 404 whether or not the job's day is open, telling nothing of it", async () => {
    const { id, startsAt } = await acceptedTuesdayJob();
    const attacker = await createDetailer(t.ctx);
    const unchanged = await snapshot(id);
    for (const minutesBefore of [24 * 60, 121, 120, 30, 0]) {
      clock.set(new Date(startsAt.getTime() - minutesBefore * minute));
      for (const action of ['start-route', 'start', 'complete']) {
        const response = await call(attacker.user, 'POST', `/api/bookings/${id}/${action}`);
        expect(response.statusCode, `${action} ${minutesBefore} min before`).toBe(404);
        expect(response.json().message).toBe('Booking not found');
      }
    }
    expect(await snapshot(id)).toEqual(unchanged);
  });

  it("still refuses a move the graph lacks by the graph's own message, whatever the hour", async () => {
    const { id, detailer, startsAt } = await acceptedTuesdayJob();
    clock.set(new Date(startsAt.getTime() - 3 * 60 * minute));
    const start = await call(detailer.user, 'POST', `/api/bookings/${id}/start`);
    expect(start.statusCode).toBe(409);
    expect(start.json().message).toBe('Cannot start a booking that is accepted: it cannot move from accepted to in_progress');
  });
});
