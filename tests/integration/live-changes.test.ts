import { describe, expect, it } from 'vitest';
import type { LiveChange } from '@core/schemas/live-change.ts';
import { markAuthorized } from '../../server/bookings/booking-transitions.ts';
import { runBookingExpiry } from '../../server/bookings/booking-expiry-job.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { createTestClock, databaseKinds, useStreamingCast } from './test-app.ts';

// The clock stands on Monday 2026-11-23, 8:00 AM in Los Angeles; the factory's detailers work Mon-Sat 9-5 there.

/**
 * Every open screen of a booking hears that it changed (issue 12): the live stream's `event: change` reaches
 * the booking's customer, its detailer once the booking is theirs to see, and admins, within a second; no one
 * else; and nothing for a move that did not happen.
 */
describe.each(databaseKinds)('live changes of a booking on %s', (kind) => {
  const clock = createTestClock();
  const cast = useStreamingCast<LiveChange>(kind, clock, 'change');
  const { call, book, stream } = cast;

  /** Each user heard a change of booking `id` within a second of `startedAt`. */
  async function expectHeard(users: UserRow[], id: number, startedAt: number) {
    for (const user of users) {
      const seen = stream(user);
      await seen.next((change) => change.topic === 'booking' && change.id === id, 1000);
      expect(performance.now() - startedAt).toBeLessThan(1000);
    }
  }

  /** How many changes of booking `id` each user has heard so far. */
  const heardCount = (user: UserRow, id: number) => stream(user).events.filter((change) => change.id === id).length;

  const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

  it('a hold is heard by its customer and admins, not by the detailer', async () => {
    const startedAt = performance.now();
    const id = await book('2026-11-24', '9:00 AM');
    await expectHeard([cast.customer, cast.admin], id, startedAt);
    await settle();
    expect(heardCount(cast.detailer.user, id)).toBe(0);
  });

  it('each move of the detailer reaches the open screens of the customer and admins within a second', async () => {
    const id = await book('2026-11-24', '11:00 AM');
    let startedAt = performance.now();
    await markAuthorized(cast.t.ctx, id, clock.now());
    await expectHeard([cast.customer, cast.detailer.user, cast.admin], id, startedAt);

    startedAt = performance.now();
    expect((await call(cast.detailer.user, `/api/bookings/${id}/accept`)).statusCode).toBe(200);
    await expectHeard([cast.customer, cast.admin], id, startedAt);
    await settle();
    expect(heardCount(cast.customer, id)).toBe(3); // created, requested, accepted
  });

  it("the customer's cancellation reaches the detailer's dashboard", async () => {
    const id = await book('2026-11-25', '9:00 AM');
    await markAuthorized(cast.t.ctx, id, clock.now());
    await settle();
    const before = heardCount(cast.detailer.user, id);
    const startedAt = performance.now();
    expect((await call(cast.customer, `/api/bookings/${id}/cancel`)).statusCode).toBe(200);
    await settle();
    expect(heardCount(cast.detailer.user, id)).toBe(before + 1);
    expect(performance.now() - startedAt).toBeLessThan(1000);
  });

  it('a lapsed hold is heard by its customer only; an expired request by both parties', async () => {
    const hold = await book('2026-11-26', '9:00 AM');
    const request = await book('2026-11-26', '11:00 AM');
    await markAuthorized(cast.t.ctx, request, clock.now());
    await settle();
    const holdHeard = heardCount(cast.customer, hold);
    const requestHeardByDetailer = heardCount(cast.detailer.user, request);
    await runBookingExpiry(cast.t.ctx, new Date(clock.now().getTime() + 13 * 3_600_000));
    await settle();
    expect(heardCount(cast.customer, hold)).toBe(holdHeard + 1);
    expect(heardCount(cast.detailer.user, hold)).toBe(0);
    expect(heardCount(cast.detailer.user, request)).toBe(requestHeardByDetailer + 1);
  });

  it('a refused move is heard by no one', async () => {
    const id = await book('2026-11-27', '9:00 AM');
    await settle();
    const before = heardCount(cast.customer, id);
    // Still a hold: the detailer cannot accept it, and the hold is not theirs to see.
    const response = await call(cast.detailer.user, `/api/bookings/${id}/accept`);
    expect(response.statusCode).toBe(404);
    const completed = await call(cast.customer, `/api/bookings/${id}/complete`);
    expect(completed.statusCode).toBe(403);
    await settle();
    expect(heardCount(cast.customer, id)).toBe(before);
  });

  it('the bystander and the other detailer heard nothing at all', async () => {
    await settle();
    expect(stream(cast.bystander).events).toEqual([]);
    expect(stream(cast.otherDetailer.user).events).toEqual([]);
    // ...while the admin heard every booking of this file.
    expect(stream(cast.admin).events.length).toBeGreaterThan(5);
  });
});
