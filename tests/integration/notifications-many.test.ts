import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { notificationDeliveries, notifications, notificationSettings } from '../../server/db/schema.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { notifyMany, type NewNotification } from '../../server/notifications/notification-service.ts';
import type { StreamMessage } from '../../server/notifications/realtime-plugin.ts';
import { createCustomer } from '../factories/index.ts';
import { createTestApp, createTestContext, databaseKinds, type TestApp } from './test-app.ts';

// notifyMany(): the notifications of one event, one per user, written together (one statement reads the settings and
// writes the notices and their outbox rows) and published one by one after the surrounding transaction commits.
describe.each(databaseKinds)('notifyMany on %s', (kind) => {
  let t: TestApp;
  let people: UserRow[];
  // The statements the app runs while `counting` (what one batch costs the database).
  const statements: string[] = [];
  const transactionControl = /^\s*(begin|commit|rollback|savepoint|release)\b/i;
  let counting = false;

  beforeAll(async () => {
    const logger = {
      logQuery: (query: string) => {
        if (counting) statements.push(query);
      },
    };
    t = await createTestApp(kind, { logger });
    people = [];
    for (let i = 0; i < 5; i++) people.push(await createCustomer(t.ctx, { password: undefined }));
  });
  afterAll(() => t?.close());

  /** A context over the app's database whose publisher records instead of publishing. */
  const recordingContext = () => createTestContext(t.db, { gateway: t.ctx.gateway });
  const event = (title: string, users = people): NewNotification[] =>
    users.map((user, i) => ({ userId: user.id, type: 'alert', title, message: `for person ${i}`, entityId: `${title}-${i}` }));
  const rowsTitled = (title: string) =>
    t.db
      .select()
      .from(notifications)
      .where(inArray(notifications.title, [title]));

  it('stores one row per user and publishes each after commit, in order', async () => {
    const ctx = recordingContext();
    let publishedInside = -1;
    const rows = await ctx.transaction(async (txCtx) => {
      const written = await notifyMany(txCtx, event('committed'));
      publishedInside = ctx.published.length;
      return written;
    });

    expect(publishedInside).toBe(0);
    const stored = await rowsTitled('committed');
    expect(stored).toHaveLength(people.length);
    expect(new Set(stored.map((row) => row.userId))).toEqual(new Set(people.map((p) => p.id)));
    // Each place of the result is that user's row, with the content given.
    rows.forEach((row, i) => {
      expect(row).toMatchObject({
        userId: people[i]!.id,
        type: 'alert',
        title: 'committed',
        message: `for person ${i}`,
        entityId: `committed-${i}`,
        isRead: false,
      });
    });
    expect(ctx.published.map((d) => d.row?.id)).toEqual(rows.map((row) => row!.id));
    expect(ctx.published.map((d) => d.notification.userId)).toEqual(people.map((p) => p.id));
    expect(ctx.published.every((d) => d.push && d.email)).toBe(true);
  });

  it('stores and publishes nothing when the transaction rolls back', async () => {
    const ctx = recordingContext();
    await expect(
      ctx.transaction(async (txCtx) => {
        await notifyMany(txCtx, event('rolled back'));
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');
    expect(await rowsTitled('rolled back')).toEqual([]);
    expect(ctx.published).toEqual([]);
  });

  it('publishes at once outside a transaction', async () => {
    const ctx = recordingContext();
    const rows = await notifyMany(ctx, event('outside'));
    expect(ctx.published.map((d) => d.row?.id)).toEqual(rows.map((row) => row!.id));
  });

  it("honours each user's channels for the type", async () => {
    const [inAppOff, allOff, emailOff] = people;
    await t.db.insert(notificationSettings).values([
      { userId: inAppOff!.id, type: 'review', inApp: false, push: true, email: true },
      { userId: allOff!.id, type: 'review', inApp: false, push: false, email: false },
      { userId: emailOff!.id, type: 'review', inApp: true, push: true, email: false },
      // Another type's setting changes nothing here.
      { userId: people[3]!.id, type: 'message', inApp: false, push: false, email: false },
    ]);
    const ctx = recordingContext();
    const batch = event('settings').map((n) => ({ ...n, type: 'review' as const }));
    const rows = await ctx.transaction((txCtx) => notifyMany(txCtx, batch));

    expect(rows.map((row) => row !== null)).toEqual([false, false, true, true, true]);
    expect((await rowsTitled('settings')).map((row) => row.userId).sort()).toEqual(
      people
        .slice(2)
        .map((p) => p.id)
        .sort(),
    );
    // In-app off: no row and nothing live, but push and email still go; all off: nothing at all.
    expect(ctx.published.map((d) => ({ userId: d.notification.userId, row: d.row !== null, push: d.push, email: d.email }))).toEqual([
      { userId: inAppOff!.id, row: false, push: true, email: true },
      { userId: emailOff!.id, row: true, push: true, email: false },
      { userId: people[3]!.id, row: true, push: true, email: true },
      { userId: people[4]!.id, row: true, push: true, email: true },
    ]);
  });

  it('writes a batch in one statement, whatever its size, and keeps repeated notices apart', async () => {
    const ctx = recordingContext();
    const twice = [...event('twice'), ...event('twice')];
    statements.length = 0;
    counting = true;
    const rows = await notifyMany(ctx, twice);
    counting = false;

    expect(statements, statements.join('\n')).toHaveLength(1);
    expect(await rowsTitled('twice')).toHaveLength(people.length * 2);
    expect(new Set(rows.map((row) => row!.id)).size).toBe(people.length * 2);
    rows.forEach((row, i) => expect(row!).toMatchObject({ userId: twice[i]!.userId, entityId: twice[i]!.entityId }));
    // Their ids follow the batch's order, so a user's notices of one event list in the order they were given.
    expect(rows.map((row) => row!.id)).toEqual([...rows.map((row) => row!.id)].sort((a, b) => a - b));

    // More notices than one multi-row INSERT could bind (5,000 of ten values each) are still one statement. Rolled
    // back after, so the later tests' delivery passes do not send them.
    const oneEach = event('crowd');
    const crowd = Array.from({ length: 5_001 }, (_, i) => ({ ...oneEach[i % oneEach.length]!, entityId: `crowd-${i}` }));
    await expect(
      ctx.transaction(async (txCtx) => {
        statements.length = 0;
        counting = true;
        const crowdRows = await notifyMany(txCtx, crowd);
        counting = false;
        expect(statements.filter((query) => !transactionControl.test(query))).toHaveLength(1);
        expect(crowdRows.map((row) => row!.entityId)).toEqual(crowd.map((notice) => notice.entityId));
        throw new Error('undone');
      }),
    ).rejects.toThrow('undone');

    expect(await notifyMany(ctx, [])).toEqual([]);
  });

  it("narrows the channels to the event's own, and sends Promotions to no one who never turned them on", async () => {
    const [optedIn, neverSet] = people;
    await t.db.insert(notificationSettings).values({ userId: optedIn!.id, type: 'promotions', inApp: true, push: true, email: true });
    const ctx = recordingContext();
    const promotion = event('promotion', [optedIn!, neverSet!]).map((n) => ({ ...n, type: 'promotions' as const }));
    const rows = await notifyMany(ctx, promotion, { push: false });

    expect(rows.map((row) => row !== null)).toEqual([true, false]);
    expect(ctx.published.map((d) => ({ userId: d.notification.userId, row: d.row !== null, push: d.push, email: d.email }))).toEqual([
      { userId: optedIn!.id, row: true, push: false, email: true },
    ]);
    const queued = await t.db
      .select()
      .from(notificationDeliveries)
      .where(inArray(notificationDeliveries.title, ['promotion']));
    expect(queued.map((row) => ({ userId: row.userId, notificationId: row.notificationId, push: row.push, email: row.email }))).toEqual([
      { userId: optedIn!.id, notificationId: rows[0]!.id, push: false, email: true },
    ]);
  });

  it("reaches each user's live stream only once the transaction commits", async () => {
    const heard = new Map<number, StreamMessage[]>();
    const unsubscribe = people.map((person) =>
      t.app.realtime.subscribe({
        userId: person.id,
        role: 'customer',
        sessionHash: `listener-${person.id}`,
        send: (message) => heard.set(person.id, [...(heard.get(person.id) ?? []), message]),
        end: () => undefined,
      }),
    );
    try {
      let heardInside = -1;
      const rows = await t.ctx.transaction(async (txCtx) => {
        const written = await notifyMany(txCtx, event('live'));
        heardInside = heard.size;
        return written;
      });
      expect(heardInside).toBe(0);
      people.forEach((person, i) => {
        const messages = (heard.get(person.id) ?? []).filter((m) => m.event === 'notification');
        expect(messages.map((m) => m.data)).toEqual([expect.objectContaining({ id: rows[i]!.id, userId: person.id, title: 'live' })]);
      });
      await t.app.realtime.settled();
    } finally {
      for (const end of unsubscribe) end();
    }
  });
});
