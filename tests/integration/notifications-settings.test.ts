import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { notificationTypes } from '@core/schemas/notification.ts';
import { notifications, outboxEmails } from '../../server/db/schema.ts';
import { notify } from '../../server/notifications/notification-service.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { createCustomer } from '../factories/index.ts';
import { openSseClient } from './sse-client.ts';
import { createTestApp, databaseKinds, type TestApp, signedInCookie } from './test-app.ts';

describe.each(databaseKinds)('notification settings on %s', (kind) => {
  let t: TestApp;
  let baseUrl: string;
  let casey: UserRow;
  let riley: UserRow;
  let caseyCookie: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { PUBLIC_URL: 'https://glossly.example' } });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    casey = await createCustomer(t.ctx, { password: undefined });
    riley = await createCustomer(t.ctx, { password: undefined });
    caseyCookie = await signedInCookie(t.db, casey);
  });
  afterAll(() => t?.close());

  const get = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/notification-settings', headers: cookie ? { cookie } : {} });
  const put = (payload: unknown, cookie: string | null = caseyCookie) =>
    t.app.inject({ method: 'PUT', url: '/api/notification-settings', headers: cookie ? { cookie } : {}, payload: payload as object });
  const emailsTo = (user: UserRow) => t.db.select().from(outboxEmails).where(eq(outboxEmails.to, user.email));

  it('asks for a session', async () => {
    expect((await get()).statusCode).toBe(401);
    expect((await put({ settings: [] }, null)).statusCode).toBe(401);
  });

  it('lists every type with every channel on by default', async () => {
    const response = await get(caseyCookie);
    expect(response.statusCode).toBe(200);
    // Every type on by default, except Promotions: marketing only for whoever turned it on (decision 022).
    const on = (type: string) => type !== 'promotions';
    expect(response.json()).toEqual(notificationTypes.map((type) => ({ type, inApp: on(type), push: on(type), email: on(type) })));
  });

  it('saves the types named, keeps the others, and refuses bad input naming the field', async () => {
    const saved = await put({ settings: [{ type: 'message', inApp: false, push: true, email: false }] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toContainEqual({ type: 'message', inApp: false, push: true, email: false });
    expect(saved.json()).toContainEqual({ type: 'payment', inApp: true, push: true, email: true });
    expect((await get(caseyCookie)).json()).toEqual(saved.json());
    // Saving again overwrites.
    await put({ settings: [{ type: 'message', inApp: false, push: false, email: false }] });
    expect((await get(caseyCookie)).json()).toContainEqual({ type: 'message', inApp: false, push: false, email: false });

    const badType = await put({ settings: [{ type: 'spam', inApp: true, push: true, email: true }] });
    expect(badType.statusCode).toBe(400);
    expect(JSON.stringify(badType.json().fields)).toContain('type');
    const badFlag = await put({ settings: [{ type: 'review', inApp: 'yes', push: true, email: true }] });
    expect(badFlag.statusCode).toBe(400);
    expect((await put({})).statusCode).toBe(400);
    // Riley's are untouched.
    const rileyCookie = await signedInCookie(t.db, riley);
    expect((await get(rileyCookie)).json()).toContainEqual({ type: 'message', inApp: true, push: true, email: true });
  });

  it('notify() respects them: in-app off stores nothing and sends nothing live; email per its switch', async () => {
    await put({
      settings: [
        { type: 'review', inApp: false, push: true, email: true },
        { type: 'payment', inApp: true, push: true, email: false },
      ],
    });
    const stream = await openSseClient(`${baseUrl}/api/notifications/stream`, caseyCookie);
    try {
      const before = (await emailsTo(casey)).length;

      const hidden = await notify(t.ctx, { userId: casey.id, type: 'review', title: 'New review', message: 'Five stars', entityId: '4' });
      expect(hidden).toBeNull();
      const shown = await notify(t.ctx, { userId: casey.id, type: 'payment', title: 'Card charged', message: '$78.72', entityId: '9' });
      expect(shown).not.toBeNull();
      const both = await notify(t.ctx, {
        userId: casey.id,
        type: 'booking_update',
        title: 'Booking accepted',
        message: 'See you',
        entityId: '12',
      });
      await stream.next((n) => n.id === both!.id, 1000);
      await t.app.realtime.settled();

      const stored = await t.db.select().from(notifications).where(eq(notifications.userId, casey.id));
      expect(stored.map((n) => n.title).sort()).toEqual(['Booking accepted', 'Card charged']);
      expect(stream.events.map((n) => n.title)).toEqual(['Card charged', 'Booking accepted']);

      const emails = (await emailsTo(casey)).slice(before);
      expect(emails.map((e) => e.subject).sort()).toEqual(['Booking accepted', 'New review']);
      const accepted = emails.find((e) => e.subject === 'Booking accepted')!;
      expect(accepted.text).toContain('See you');
      expect(accepted.text).toContain('https://glossly.example/bookings/12');
    } finally {
      await stream.close();
    }
  });

  it('a notification inside a rolled-back transaction sends no email', async () => {
    const before = (await emailsTo(riley)).length;
    await expect(
      t.ctx.transaction(async (tx) => {
        await notify(tx, { userId: riley.id, type: 'alert', title: 'Rolled back', message: 'x' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await t.app.realtime.settled();
    expect(await emailsTo(riley)).toHaveLength(before);
  });
});
