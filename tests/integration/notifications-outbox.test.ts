import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, like } from 'drizzle-orm';
import webpush from 'web-push';
import { deviceTokens, notificationDeliveries, outboxEmails } from '../../server/db/schema.ts';
import type { Database } from '../../server/db/client.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import {
  claimDueDeliveries,
  deliveryClaimLeaseMs,
  deliveryRetryDelayMs,
  maxDeliveryAttempts,
} from '../../server/notifications/notification-delivery.ts';
import { notify, type Notifier } from '../../server/notifications/notification-service.ts';
import { createCustomer } from '../factories/index.ts';
import { browserSubscription, failingPushAnswer, startLoopbackPushService, type LoopbackPushService } from './push-loopback-service.ts';
import { useTwoInstances } from '../factories/two-instances.ts';
import { createTestClock, databaseKinds } from './test-app.ts';

// The notification outbox (decision 040): the push and email legs of a notice are a notification_deliveries row written
// in the notice's transaction, and delivery passes (right after commit, and the job on every instance) send them.
// Two instances share one database here; the push service is a real one on loopback.
describe.each(databaseKinds)('the notification outbox on %s', (kind) => {
  const clock = createTestClock();
  const vapid = webpush.generateVAPIDKeys();
  let service: LoopbackPushService;
  let db: Database;

  // The loopback push service starts first and closes last (hooks run in order, and after-hooks in reverse).
  beforeAll(async () => {
    service = await startLoopbackPushService();
  });
  afterAll(() => service?.close());
  const two = useTwoInstances(kind, {
    clock,
    env: {
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      PUSH_SERVICE_HOSTS: '127.0.0.1',
    },
    // Read when each instance is built, once the service above has started.
    get pushAgent() {
      return service.agent;
    },
  });
  beforeAll(() => {
    db = two.a.db;
  });

  /** A user with one browser subscribed at `path` (/ok/, /fail/ ...) of the loopback push service. */
  async function subscribedUser(...paths: string[]) {
    const user = await createCustomer(two.a.ctx, { password: undefined });
    const browsers = paths.map((path) => browserSubscription(`${service.origin}${path}${randomBytes(4).toString('hex')}`));
    for (const browser of browsers) {
      await db
        .insert(deviceTokens)
        .values({ userId: user.id, token: browser.json, deviceType: 'web', deviceName: 'Chrome', isActive: true });
    }
    return { user, browsers };
  }
  /** Writes as an instance that stops right after its commit: the after-commit effects (its own pass) never run. */
  const stoppedAfterCommit = (): Notifier => ({
    db,
    clock,
    afterCommit: () => undefined,
    publishNotification: two.a.ctx.publishNotification,
  });
  const deliveriesTitled = (title: string) => db.select().from(notificationDeliveries).where(eq(notificationDeliveries.title, title));
  const emailsTo = (user: UserRow) => db.select().from(outboxEmails).where(eq(outboxEmails.to, user.email));
  const pushedTo = (browser: ReturnType<typeof browserSubscription>) => {
    const path = new URL(JSON.parse(browser.json).endpoint as string).pathname;
    return service.received.filter((push) => push.path === path);
  };

  it("writes the delivery in the notification's transaction: a rollback leaves no outbox row", async () => {
    const { user } = await subscribedUser('/ok/');
    let inside: unknown[] = [];
    await expect(
      two.a.ctx.transaction(async (tx) => {
        await notify(tx, { userId: user.id, type: 'booking_update', title: 'Rolled back notice', message: 'x', entityId: '5' });
        inside = await tx.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.title, 'Rolled back notice'));
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');
    expect(inside).toEqual([expect.objectContaining({ userId: user.id, push: true, email: true, sentAt: null })]);
    expect(await deliveriesTitled('Rolled back notice')).toEqual([]);
    await two.a.app.realtime.settled();
    expect(await emailsTo(user)).toEqual([]);
  });

  it('delivers right after commit on the instance that wrote it', async () => {
    const { user, browsers } = await subscribedUser('/ok/');
    const row = await two.a.ctx.transaction((tx) =>
      notify(tx, { userId: user.id, type: 'booking_update', title: 'Booking accepted', message: 'See you Tuesday', entityId: '42' }),
    );
    await two.a.app.realtime.settled();
    const [push] = pushedTo(browsers[0]!);
    expect(JSON.parse(browsers[0]!.decrypt(push!.body))).toMatchObject({
      title: 'Booking accepted',
      url: '/bookings/42',
      tag: `notification-${row!.id}`,
    });
    expect((await emailsTo(user)).map((email) => email.subject)).toEqual(['Booking accepted']);
    expect(await deliveriesTitled('Booking accepted')).toEqual([
      expect.objectContaining({ notificationId: row!.id, attempts: 1, sentAt: clock.now(), nextAttemptAt: null, lastError: null }),
    ]);
  });

  it("delivers a notice whose instance stopped right after the commit, by another instance's pass", async () => {
    const writer = await two.another();
    const { user, browsers } = await subscribedUser('/ok/');
    await notify(
      { ...stoppedAfterCommit(), db: writer.ctx.db },
      { userId: user.id, type: 'payment', title: 'Card charged', message: '$78.72', entityId: '9' },
    );
    await writer.close();
    expect(pushedTo(browsers[0]!)).toEqual([]);
    expect(await emailsTo(user)).toEqual([]);

    const result = await two.b.app.realtime.deliveries.deliverDue(clock.now());
    expect(result).toMatchObject({ sent: 1, failed: 0, gaveUp: 0 });
    const [push] = pushedTo(browsers[0]!);
    expect(JSON.parse(browsers[0]!.decrypt(push!.body))).toMatchObject({
      title: 'Card charged',
      body: '$78.72',
      url: '/payment-success?id=9',
    });
    const [email] = await emailsTo(user);
    expect(email).toMatchObject({ subject: 'Card charged' });
    expect(email!.text).toContain('$78.72');
    expect((await deliveriesTitled('Card charged'))[0]).toMatchObject({ attempts: 1, sentAt: clock.now(), nextAttemptAt: null });
  });

  it('a claim whose instance stopped while delivering comes due again once its lease runs out', async () => {
    const { user, browsers } = await subscribedUser('/ok/');
    await notify(stoppedAfterCommit(), { userId: user.id, type: 'alert', title: 'Claimed then lost', message: 'x' });
    // Instance A claims the row and stops before sending anything.
    expect((await claimDueDeliveries(db, clock.now())).map((row) => row.title)).toContain('Claimed then lost');
    expect(await two.b.app.realtime.deliveries.deliverDue(clock.now())).toMatchObject({ sent: 0 });
    expect(pushedTo(browsers[0]!)).toEqual([]);

    clock.advance(deliveryClaimLeaseMs);
    expect(await two.b.app.realtime.deliveries.deliverDue(clock.now())).toMatchObject({ sent: 1 });
    expect(pushedTo(browsers[0]!)).toHaveLength(1);
    expect(await emailsTo(user)).toHaveLength(1);
    expect((await deliveriesTitled('Claimed then lost'))[0]).toMatchObject({ attempts: 2, sentAt: clock.now() });
  });

  it('two instances passing at once deliver each notice exactly once', async () => {
    const { user, browsers } = await subscribedUser('/ok/');
    const titles = Array.from({ length: 60 }, (_, i) => `Crowd notice ${i}`);
    for (const title of titles) await notify(stoppedAfterCommit(), { userId: user.id, type: 'alert', title, message: title });

    const [onA, onB] = await Promise.all([
      two.a.app.realtime.deliveries.deliverDue(clock.now()),
      two.b.app.realtime.deliveries.deliverDue(clock.now()),
    ]);
    expect(onA.sent + onB.sent).toBe(titles.length);
    const pushed = pushedTo(browsers[0]!).map((push) => (JSON.parse(browsers[0]!.decrypt(push.body)) as { title: string }).title);
    expect(pushed.sort()).toEqual([...titles].sort());
    expect((await emailsTo(user)).map((email) => email.subject).sort()).toEqual([...titles].sort());
    const rows = await db.select().from(notificationDeliveries).where(inArray(notificationDeliveries.title, titles));
    expect(rows.every((row) => row.attempts === 1 && row.sentAt !== null)).toBe(true);
  });

  it('a failing push service is retried with backoff, only on the device that failed, then given up keeping the error', async () => {
    const { user, browsers } = await subscribedUser('/ok/', '/fail/');
    const [working, failing] = browsers as [ReturnType<typeof browserSubscription>, ReturnType<typeof browserSubscription>];
    await notify(stoppedAfterCommit(), { userId: user.id, type: 'booking_update', title: 'Retried notice', message: 'x', entityId: '8' });
    const rowOf = async () => (await deliveriesTitled('Retried notice'))[0]!;

    for (let attempt = 1; attempt <= maxDeliveryAttempts; attempt++) {
      const result = await two.b.app.realtime.deliveries.deliverDue(clock.now());
      const row = await rowOf();
      expect(row.attempts).toBe(attempt);
      expect(row.lastError).toContain(`push service answered 500: ${failingPushAnswer}`);
      expect(row.lastError).not.toContain(service.origin);
      if (attempt < maxDeliveryAttempts) {
        expect(result).toMatchObject({ failed: 1, gaveUp: 0 });
        expect(row).toMatchObject({ nextAttemptAt: new Date(clock.now().getTime() + deliveryRetryDelayMs(attempt)), gaveUpAt: null });
        // Not due before its backoff.
        expect(await two.a.app.realtime.deliveries.deliverDue(clock.now())).toMatchObject({ sent: 0, failed: 0 });
        clock.advance(deliveryRetryDelayMs(attempt));
      } else {
        expect(result).toMatchObject({ failed: 0, gaveUp: 1 });
        expect(row).toMatchObject({ gaveUpAt: clock.now(), nextAttemptAt: null, sentAt: null });
      }
    }
    clock.advance(24 * 3_600_000);
    await two.a.app.realtime.deliveries.deliverDue(clock.now());
    expect(pushedTo(failing)).toHaveLength(maxDeliveryAttempts);
    // The device that took it first is not pushed again, and the email was queued once.
    expect(pushedTo(working)).toHaveLength(1);
    expect((await rowOf()).pushedTo).toHaveLength(1);
    expect(await emailsTo(user)).toHaveLength(1);
  });

  it('the database refuses a delivery that breaks its rules', async () => {
    const { user } = await subscribedUser();
    const base = { userId: user.id, type: 'alert' as const, title: 'Broken delivery', message: 'x' };
    const refused = [
      { ...base, push: false, email: false, nextAttemptAt: clock.now() },
      { ...base, push: true, email: true, nextAttemptAt: null },
      { ...base, push: true, email: true, attempts: 1, nextAttemptAt: null, sentAt: clock.now() },
      { ...base, push: false, email: true, pushedTo: [1], nextAttemptAt: clock.now() },
      { ...base, push: true, email: false, attempts: 1, nextAttemptAt: null, gaveUpAt: clock.now() },
    ];
    for (const values of refused) {
      await expect(db.insert(notificationDeliveries).values(values), JSON.stringify(values)).rejects.toThrow();
    }
    expect(await db.select().from(notificationDeliveries).where(like(notificationDeliveries.title, 'Broken%'))).toEqual([]);
  });
});
