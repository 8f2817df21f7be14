import { describe, expect, it } from 'vitest';
import { asc, gt } from 'drizzle-orm';
import { notifications } from '../../server/db/schema.ts';
import { runBookingExpiry } from '../../server/bookings/booking-expiry-job.ts';
import { markAuthorized } from '../../server/bookings/booking-transitions.ts';
import { createTestClock, databaseKinds, useStreamingCast } from './test-app.ts';
import { addProofOfService } from '../factories/proof-of-service.ts';

// The clock stands on Monday 2026-11-23, 8:00 AM in Los Angeles; the factory's detailers work Mon-Sat 9-5 there.

type Seen = { userId: number; type: string; title: string; entityId: string };

describe.each(databaseKinds)('each booking transition notifies the right user, and no one else, on %s', (kind) => {
  const clock = createTestClock();
  const cast = useStreamingCast(kind, clock);
  const { call, book, stream, cookie } = cast;
  let lastSeenId = 0;

  /** Every notification stored since the last call, oldest first. */
  async function newNotifications(): Promise<Seen[]> {
    const rows = await cast.t.db.select().from(notifications).where(gt(notifications.id, lastSeenId)).orderBy(asc(notifications.id));
    if (rows.length > 0) lastSeenId = rows.at(-1)!.id;
    return rows.map(({ userId, type, title, entityId }) => ({ userId, type, title, entityId }));
  }

  /** The step's notifications are exactly `expected`, and each reached its user's open page (and only theirs). */
  async function expectNotified(expected: Seen[]) {
    const stored = await newNotifications();
    expect(stored).toEqual(expected);
    for (const notice of expected) {
      await stream({ id: notice.userId }).next((n) => n.title === notice.title && n.entityId === notice.entityId, 1000);
    }
  }

  it('authorize -> detailer booking_request; accept, start-route, start, complete -> the customer', async () => {
    await newNotifications();
    const id = await book('2026-11-24', '9:00 AM');
    const entityId = String(id);
    await expectNotified([]); // The hold is the customer's alone until the card is authorized.

    await markAuthorized(cast.t.ctx, id, clock.now());
    await expectNotified([{ userId: cast.detailer.user.id, type: 'booking_request', title: 'New booking request', entityId }]);

    const steps: Array<[string, string, string]> = [
      ['accept', 'booking_update', 'Booking accepted'],
      ['start-route', 'service_update', 'Your detailer is on the way'],
      ['start', 'service_update', 'Service started'],
      ['complete', 'service_complete', 'Service complete'],
    ];
    // On my way and Start open shortly before the start (decision 015): the moves are made at the job's start,
    // Tuesday 9:00 AM in Los Angeles, and the clock goes back for the tests after this one.
    const held = clock.now();
    clock.set(new Date('2026-11-24T17:00:00Z'));
    try {
      for (const [action, type, title] of steps) {
        // Complete needs proof of service (decision 020): an after photo and the checklist ticked.
        if (action === 'complete') await addProofOfService(cast.t.ctx, cast.detailer.user, id);
        const response = await call(cast.detailer.user, `/api/bookings/${id}/${action}`);
        expect(response.statusCode, `${action}: ${response.body}`).toBe(200);
        await expectNotified([{ userId: cast.customer.id, type, title, entityId }]);
      }
    } finally {
      clock.set(held);
    }
  });

  it('decline -> the customer', async () => {
    const id = await book('2026-11-24', '11:00 AM');
    await markAuthorized(cast.t.ctx, id, clock.now());
    await newNotifications();
    expect((await call(cast.detailer.user, `/api/bookings/${id}/decline`)).statusCode).toBe(200);
    await expectNotified([{ userId: cast.customer.id, type: 'booking_update', title: 'Booking declined', entityId: String(id) }]);
  });

  it('cancel by the customer -> the detailer once requested, no one while still a hold', async () => {
    const requested = await book('2026-11-25', '9:00 AM');
    await markAuthorized(cast.t.ctx, requested, clock.now());
    await newNotifications();
    expect((await call(cast.customer, `/api/bookings/${requested}/cancel`)).statusCode).toBe(200);
    await expectNotified([
      { userId: cast.detailer.user.id, type: 'booking_update', title: 'Booking cancelled', entityId: String(requested) },
    ]);

    const hold = await book('2026-11-25', '11:00 AM');
    expect((await call(cast.customer, `/api/bookings/${hold}/cancel`)).statusCode).toBe(200);
    await expectNotified([]);
  });

  it('expire (unanswered for 12 hours) -> customer and detailer; abandon (unpaid hold) -> the customer', async () => {
    const unanswered = await book('2026-11-26', '9:00 AM');
    await markAuthorized(cast.t.ctx, unanswered, clock.now());
    const unpaid = await book('2026-11-26', '11:00 AM');
    await newNotifications();

    const result = await runBookingExpiry(cast.t.ctx, new Date(clock.now().getTime() + 13 * 3_600_000));
    expect(result).toEqual({ abandoned: 1, expired: 1, overdue: 0 });
    const stored = await newNotifications();
    expect(stored).toHaveLength(3);
    expect(stored).toEqual(
      expect.arrayContaining([
        { userId: cast.customer.id, type: 'booking_update', title: 'Booking hold expired', entityId: String(unpaid) },
        { userId: cast.customer.id, type: 'booking_update', title: 'Booking request expired', entityId: String(unanswered) },
        { userId: cast.detailer.user.id, type: 'booking_update', title: 'Booking request expired', entityId: String(unanswered) },
      ]),
    );
  });

  it('no one else heard anything: the bystander, the admin and the other detailer have no notifications and no live events', async () => {
    for (const user of [cast.bystander, cast.admin, cast.otherDetailer.user]) {
      const list = await cast.t.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: cookie(user) } });
      expect(list.json()).toEqual([]);
      expect(stream(user).events).toEqual([]);
    }
    // And each party's live stream carried exactly its own stored notifications.
    await new Promise((r) => setTimeout(r, 100));
    for (const user of [cast.customer, cast.detailer.user]) {
      const list = await cast.t.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: cookie(user) } });
      const storedIds = (list.json() as Array<{ id: number }>).map((n) => n.id).sort((a, b) => a - b);
      const liveIds = stream(user)
        .events.map((n) => n.id)
        .sort((a, b) => a - b);
      expect(liveIds).toEqual(storedIds);
      expect(storedIds.length).toBeGreaterThan(0);
    }
  });
});
