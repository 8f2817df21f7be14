import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '@core/schemas/booking.ts';
import type { LiveChange } from '@core/schemas/live-change.ts';
import { markAuthorized } from '../../server/bookings/booking-transitions.ts';
import { runBookingExpiry } from '../../server/bookings/booking-expiry-job.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { createAdmin, createCustomer, createDetailer } from '../factories/index.ts';
import { openSseClient, type SseClient } from './sse-client.ts';
import { createTestApp, createTestClock, databaseKinds, signedInCookie, type TestApp } from './test-app.ts';

// The clock stands on Monday 2026-11-23, 8:00 AM in Los Angeles; the factory's detailers work Mon-Sat 9-5 there.

/**
 * Every open screen of a booking hears that it changed (issue 12): the live stream's `event: change` reaches
 * the booking's customer, its detailer once the booking is theirs to see, and admins, within a second; no one
 * else; and nothing for a move that did not happen.
 */
describe.each(databaseKinds)('live changes of a booking on %s', (kind) => {
  let t: TestApp;
  const clock = createTestClock();
  let customer: UserRow;
  let bystander: UserRow;
  let admin: UserRow;
  let detailer: Awaited<ReturnType<typeof createDetailer>>;
  let otherDetailer: Awaited<ReturnType<typeof createDetailer>>;
  const cookies = new Map<number, string>();
  const streams = new Map<number, SseClient<LiveChange>>();

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    customer = await createCustomer(t.ctx, { password: undefined });
    bystander = await createCustomer(t.ctx, { password: undefined });
    admin = await createAdmin(t.ctx, { password: undefined });
    detailer = await createDetailer(t.ctx);
    otherDetailer = await createDetailer(t.ctx);
    for (const user of [customer, bystander, admin, detailer.user, otherDetailer.user]) {
      const cookie = await signedInCookie(t.db, user);
      cookies.set(user.id, cookie);
      streams.set(user.id, await openSseClient<LiveChange>(`${baseUrl}/api/notifications/stream`, cookie, 'change'));
    }
  });
  afterAll(async () => {
    for (const stream of streams.values()) await stream.close();
    await t?.close();
  });

  const call = (user: UserRow, url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: cookies.get(user.id)! }, payload });

  async function book(date: string, time: string): Promise<number> {
    const response = await call(customer, '/api/bookings', {
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
      vehicleType: 'Sedan',
      date,
      time,
      address: '1 Market St',
      city: 'San Francisco',
      zip: '94105',
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as Booking).id;
  }

  /** Each user heard a change of booking `id` within a second of `startedAt`. */
  async function expectHeard(users: UserRow[], id: number, startedAt: number) {
    for (const user of users) {
      const seen = streams.get(user.id)!;
      await seen.next((change) => change.topic === 'booking' && change.id === id, 1000);
      expect(performance.now() - startedAt).toBeLessThan(1000);
    }
  }

  /** How many changes of booking `id` each user has heard so far. */
  const heardCount = (user: UserRow, id: number) => streams.get(user.id)!.events.filter((change) => change.id === id).length;

  const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

  it('a hold is heard by its customer and admins, not by the detailer', async () => {
    const startedAt = performance.now();
    const id = await book('2026-11-24', '9:00 AM');
    await expectHeard([customer, admin], id, startedAt);
    await settle();
    expect(heardCount(detailer.user, id)).toBe(0);
  });

  it('each move of the detailer reaches the open screens of the customer and admins within a second', async () => {
    const id = await book('2026-11-24', '11:00 AM');
    let startedAt = performance.now();
    await markAuthorized(t.ctx, id, clock.now());
    await expectHeard([customer, detailer.user, admin], id, startedAt);

    startedAt = performance.now();
    expect((await call(detailer.user, `/api/bookings/${id}/accept`)).statusCode).toBe(200);
    await expectHeard([customer, admin], id, startedAt);
    await settle();
    expect(heardCount(customer, id)).toBe(3); // created, requested, accepted
  });

  it("the customer's cancellation reaches the detailer's dashboard", async () => {
    const id = await book('2026-11-25', '9:00 AM');
    await markAuthorized(t.ctx, id, clock.now());
    await settle();
    const before = heardCount(detailer.user, id);
    const startedAt = performance.now();
    expect((await call(customer, `/api/bookings/${id}/cancel`)).statusCode).toBe(200);
    await settle();
    expect(heardCount(detailer.user, id)).toBe(before + 1);
    expect(performance.now() - startedAt).toBeLessThan(1000);
  });

  it('a lapsed hold is heard by its customer only; an expired request by both parties', async () => {
    const hold = await book('2026-11-26', '9:00 AM');
    const request = await book('2026-11-26', '11:00 AM');
    await markAuthorized(t.ctx, request, clock.now());
    await settle();
    const holdHeard = heardCount(customer, hold);
    const requestHeardByDetailer = heardCount(detailer.user, request);
    await runBookingExpiry(t.ctx, new Date(clock.now().getTime() + 13 * 3_600_000));
    await settle();
    expect(heardCount(customer, hold)).toBe(holdHeard + 1);
    expect(heardCount(detailer.user, hold)).toBe(0);
    expect(heardCount(detailer.user, request)).toBe(requestHeardByDetailer + 1);
  });

  it('a refused move is heard by no one', async () => {
    const id = await book('2026-11-27', '9:00 AM');
    await settle();
    const before = heardCount(customer, id);
    // Still a hold: the detailer cannot accept it, and the hold is not theirs to see.
    const response = await call(detailer.user, `/api/bookings/${id}/accept`);
    expect(response.statusCode).toBe(404);
    const completed = await call(customer, `/api/bookings/${id}/complete`);
    expect(completed.statusCode).toBe(403);
    await settle();
    expect(heardCount(customer, id)).toBe(before);
  });

  it('the bystander and the other detailer heard nothing at all', async () => {
    await settle();
    expect(streams.get(bystander.id)!.events).toEqual([]);
    expect(streams.get(otherDetailer.user.id)!.events).toEqual([]);
    // ...while the admin heard every booking of this file.
    expect(streams.get(admin.id)!.events.length).toBeGreaterThan(5);
  });
});
