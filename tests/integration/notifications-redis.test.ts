import { beforeAll, describe, expect, it } from 'vitest';
import { notify as notifyMaybe } from '../../server/notifications/notification-service.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import type { LiveChange } from '@core/schemas/live-change.ts';
import { createBooking, createCustomer, createDetailer } from '../factories/index.ts';
import { testRedisUrl, useTwoInstances } from '../factories/two-instances.ts';
import { databaseKinds, signedInCookie } from './test-app.ts';
import { openSseClient } from './sse-client.ts';

/** notify() with every channel on (the default): the stored row. */
const notify = async (...args: Parameters<typeof notifyMaybe>) => (await notifyMaybe(...args))!;

const redisUrl = testRedisUrl('the two-instance Redis test');

describe.skipIf(!redisUrl).each(databaseKinds)('notifications across two instances through Redis on %s', (kind) => {
  const two = useTwoInstances(kind, { env: { REDIS_URL: redisUrl! } });
  let user: UserRow;
  let other: UserRow;

  beforeAll(async () => {
    user = await createCustomer(two.a.ctx);
    other = await createCustomer(two.a.ctx);
  });

  it('uses the Redis bus on both instances', () => {
    expect(two.a.app.realtime.bus.kind).toBe('redis');
    expect(two.b.app.realtime.bus.kind).toBe('redis');
  });

  it("a notification raised through instance A reaches the user's stream on instance B", async () => {
    const cookie = await signedInCookie(two.a.db, user);
    const otherCookie = await signedInCookie(two.a.db, other);
    const onB = await openSseClient(`${two.b.url}/api/notifications/stream`, cookie);
    const onA = await openSseClient(`${two.a.url}/api/notifications/stream`, cookie);
    const otherOnB = await openSseClient(`${two.b.url}/api/notifications/stream`, otherCookie);
    try {
      const row = await notify(two.a.ctx, {
        userId: user.id,
        type: 'booking_update',
        title: 'Booking accepted',
        message: 'Your detailer accepted the booking',
        entityId: '7',
      });
      // How fast is a figure for `npm run bench`, not a test: here it must arrive at all (within a loaded machine's wait).
      const received = await onB.next((n) => n.id === row.id, 10_000);
      expect(received).toMatchObject({ userId: user.id, title: 'Booking accepted', entityId: '7' });
      await onA.next((n) => n.id === row.id, 10_000);
      await new Promise((r) => setTimeout(r, 100));
      expect(otherOnB.events).toEqual([]);
      // Instance B serves the same row from the shared database.
      const list = await two.b.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie } });
      expect(list.json().map((n: { id: number }) => n.id)).toContain(row.id);
    } finally {
      await onB.close();
      await onA.close();
      await otherOnB.close();
    }
  });

  it("a booking the detailer accepts through instance A refreshes the customer's screen on instance B", async () => {
    const detailer = await createDetailer(two.a.ctx);
    const booking = await createBooking(two.a.ctx, {
      customerId: user.id,
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
      status: 'requested',
    });
    const customerOnB = await openSseClient<LiveChange>(
      `${two.b.url}/api/notifications/stream`,
      await signedInCookie(two.a.db, user),
      'change',
    );
    const otherOnB = await openSseClient<LiveChange>(
      `${two.b.url}/api/notifications/stream`,
      await signedInCookie(two.a.db, other),
      'change',
    );
    try {
      const accepted = await two.a.app.inject({
        method: 'POST',
        url: `/api/bookings/${booking.id}/accept`,
        headers: { cookie: await signedInCookie(two.a.db, detailer.user) },
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      await customerOnB.next((change) => change.topic === 'booking' && change.id === booking.id, 10_000);
      await new Promise((r) => setTimeout(r, 100));
      expect(otherOnB.events).toEqual([]);
    } finally {
      await customerOnB.close();
      await otherOnB.close();
    }
  });

  it('a notification raised in a committed transaction on A reaches B once', async () => {
    const cookie = await signedInCookie(two.a.db, user);
    const onB = await openSseClient(`${two.b.url}/api/notifications/stream`, cookie);
    try {
      const row = await two.a.ctx.transaction((tx) =>
        notify(tx, { userId: user.id, type: 'payment', title: 'Card authorized', message: 'x', entityId: '9' }),
      );
      await onB.next((n) => n.id === row.id, 10_000);
      await new Promise((r) => setTimeout(r, 100));
      expect(onB.events.filter((n) => n.id === row.id)).toHaveLength(1);
    } finally {
      await onB.close();
    }
  });
});
