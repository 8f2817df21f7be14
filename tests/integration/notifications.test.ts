import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { notify as notifyMaybe } from '../../server/notifications/notification-service.ts';
import { notifications } from '../../server/db/schema.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { createAdmin, createCustomer } from '../factories/index.ts';
import { createTestApp, databaseKinds, type TestApp, signedInCookie } from './test-app.ts';
import { openSseClient } from './sse-client.ts';

/** notify() with every channel on (the default): the stored row. */
const notify = async (...args: Parameters<typeof notifyMaybe>) => (await notifyMaybe(...args))!;

/** An inject() bound to one signed-in user. */
function as(app: FastifyInstance, cookie: string) {
  return (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

describe.each(databaseKinds)('notifications API on %s', (kind) => {
  let t: TestApp;
  let casey: UserRow;
  let riley: UserRow;
  let admin: UserRow;
  let caseyCookie: string;
  let rileyCookie: string;
  let adminCookie: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    casey = await createCustomer(t.ctx);
    riley = await createCustomer(t.ctx);
    admin = await createAdmin(t.ctx);
    caseyCookie = await signedInCookie(t.db, casey);
    rileyCookie = await signedInCookie(t.db, riley);
    adminCookie = await signedInCookie(t.db, admin);
  });
  afterAll(() => t?.close());

  it('asks for a session on every endpoint', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/count?unreadOnly=true'],
      ['PATCH', '/api/notifications/1/read'],
      ['POST', '/api/notifications/read-all'],
      ['GET', '/api/notifications/stream'],
      ['POST', '/api/device-tokens'],
    ] as const) {
      const response = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("lists only the caller's notifications, newest first, in the spec's shape", async () => {
    const first = await notify(t.ctx, { userId: casey.id, type: 'booking_request', title: 'New booking', message: 'A', entityId: '12' });
    const second = await notify(t.ctx, { userId: casey.id, type: 'message', title: 'New message', message: 'B' });
    await notify(t.ctx, { userId: riley.id, type: 'payment', title: "Riley's", message: 'C', entityId: '3' });

    const response = await as(t.app, caseyCookie)('GET', '/api/notifications');
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.map((n: { id: number }) => n.id)).toEqual([second.id, first.id]);
    expect(list[1]).toEqual({
      id: first.id,
      userId: casey.id,
      type: 'booking_request',
      title: 'New booking',
      message: 'A',
      isRead: false,
      createdAt: first.createdAt.toISOString(),
      entityId: '12',
    });
    expect(list[0].entityId).toBe('');
  });

  it("accepts the spec's userId query for oneself, refuses someone else's with 403, lets an admin read anyone's", async () => {
    const own = await as(t.app, caseyCookie)('GET', `/api/notifications?userId=${casey.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().every((n: { userId: number }) => n.userId === casey.id)).toBe(true);

    const other = await as(t.app, caseyCookie)('GET', `/api/notifications?userId=${riley.id}`);
    expect(other.statusCode).toBe(403);
    const otherCount = await as(t.app, caseyCookie)('GET', `/api/notifications/count?userId=${riley.id}&unreadOnly=true`);
    expect(otherCount.statusCode).toBe(403);

    const byAdmin = await as(t.app, adminCookie)('GET', `/api/notifications?userId=${riley.id}`);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().map((n: { title: string }) => n.title)).toEqual(["Riley's"]);

    expect((await as(t.app, caseyCookie)('GET', '/api/notifications?userId=abc')).statusCode).toBe(400);
  });

  it('counts unread notifications and all of them', async () => {
    const user = await createCustomer(t.ctx);
    const cookie = await signedInCookie(t.db, user);
    const request = as(t.app, cookie);
    expect((await request('GET', '/api/notifications/count?unreadOnly=true')).json()).toEqual({ count: 0 });
    for (let i = 0; i < 3; i += 1) await notify(t.ctx, { userId: user.id, type: 'alert', title: `Alert ${i}`, message: 'x' });
    const [firstId] = (await request('GET', '/api/notifications')).json().map((n: { id: number }) => n.id);
    await request('PATCH', `/api/notifications/${firstId}/read`);
    expect((await request('GET', `/api/notifications/count?userId=${user.id}&unreadOnly=true`)).json()).toEqual({ count: 2 });
    expect((await request('GET', '/api/notifications/count')).json()).toEqual({ count: 3 });
  });

  it('marks one of your own notifications read; someone else’s answers 404 and stays unread', async () => {
    const mine = await notify(t.ctx, { userId: casey.id, type: 'review', title: 'Review', message: 'x', entityId: '5' });
    const rileys = await notify(t.ctx, { userId: riley.id, type: 'review', title: 'Review', message: 'x' });

    const read = await as(t.app, caseyCookie)('PATCH', `/api/notifications/${mine.id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: mine.id, isRead: true });

    const refused = await as(t.app, caseyCookie)('PATCH', `/api/notifications/${rileys.id}/read`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Notification not found');
    const rileyList = (await as(t.app, rileyCookie)('GET', '/api/notifications')).json();
    expect(rileyList.find((n: { id: number }) => n.id === rileys.id).isRead).toBe(false);

    expect((await as(t.app, caseyCookie)('PATCH', '/api/notifications/99999999/read')).statusCode).toBe(404);
  });

  it("marks all of the caller's notifications read and no one else's", async () => {
    const before = (await as(t.app, rileyCookie)('GET', '/api/notifications/count?unreadOnly=true')).json().count;
    expect(before).toBeGreaterThan(0);
    const response = await as(t.app, caseyCookie)('POST', '/api/notifications/read-all');
    expect(response.statusCode).toBe(200);
    expect(response.json().updated).toBeGreaterThan(0);
    expect((await as(t.app, caseyCookie)('GET', '/api/notifications/count?unreadOnly=true')).json()).toEqual({ count: 0 });
    expect((await as(t.app, rileyCookie)('GET', '/api/notifications/count?unreadOnly=true')).json()).toEqual({ count: before });
  });

  it("registers a device token with the spec's fields, refuses someone else's userId and bad fields", async () => {
    const payload = { userId: casey.id, token: `tok-${kind}-1`, deviceType: 'web', deviceName: 'Chrome', isActive: true };
    const created = await as(t.app, caseyCookie)('POST', '/api/device-tokens', payload);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      userId: casey.id,
      token: payload.token,
      deviceType: 'web',
      deviceName: 'Chrome',
      isActive: true,
    });

    // The same browser registering again (or for another account) updates the one row.
    const again = await as(t.app, rileyCookie)('POST', '/api/device-tokens', { ...payload, userId: riley.id, deviceName: 'Edge' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ id: created.json().id, userId: riley.id, deviceName: 'Edge' });

    const forSomeoneElse = await as(t.app, caseyCookie)('POST', '/api/device-tokens', { ...payload, token: 'tok-x', userId: riley.id });
    expect(forSomeoneElse.statusCode).toBe(403);

    const badName = await as(t.app, caseyCookie)('POST', '/api/device-tokens', { ...payload, deviceName: 'Netscape' });
    expect(badName.statusCode).toBe(400);
    expect(badName.json().fields).toHaveProperty('deviceName');
    const noToken = await as(t.app, caseyCookie)('POST', '/api/device-tokens', { ...payload, token: '' });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().fields).toHaveProperty('token');
  });

  describe('live stream (Server-Sent Events, in-process bus)', () => {
    let baseUrl: string;

    beforeAll(async () => {
      baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });

    it("delivers a new notification to the user's open stream within 1 s, and to no one else", async () => {
      const caseyStream = await openSseClient(`${baseUrl}/api/notifications/stream`, caseyCookie);
      const rileyStream = await openSseClient(`${baseUrl}/api/notifications/stream`, rileyCookie);
      try {
        expect(caseyStream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
        const startedAt = performance.now();
        const row = await notify(t.ctx, {
          userId: casey.id,
          type: 'booking_update',
          title: 'Accepted',
          message: 'Your booking was accepted',
          entityId: '42',
        });
        const received = await caseyStream.next((n) => n.id === row.id, 1000);
        expect(performance.now() - startedAt).toBeLessThan(1000);
        expect(received).toMatchObject({ userId: casey.id, title: 'Accepted', entityId: '42', isRead: false });
        await new Promise((r) => setTimeout(r, 100));
        expect(rileyStream.events.find((n) => n.id === row.id)).toBeUndefined();
      } finally {
        await caseyStream.close();
        await rileyStream.close();
      }
    });

    it('publishes a notification raised inside a transaction only after it commits, and never a rolled-back one', async () => {
      const stream = await openSseClient(`${baseUrl}/api/notifications/stream`, caseyCookie);
      try {
        let insideId = 0;
        await t.ctx.transaction(async (tx) => {
          const row = await notify(tx, { userId: casey.id, type: 'payment', title: 'In a transaction', message: 'x' });
          insideId = row.id;
          await new Promise((r) => setTimeout(r, 150));
          expect(
            stream.events.find((n) => n.id === insideId),
            'published before commit',
          ).toBeUndefined();
        });
        await stream.next((n) => n.id === insideId, 1000);

        await expect(
          t.ctx.transaction(async (tx) => {
            await notify(tx, { userId: casey.id, type: 'payment', title: 'Rolled back', message: 'x' });
            throw new Error('abort');
          }),
        ).rejects.toThrow('abort');
        await new Promise((r) => setTimeout(r, 200));
        expect(stream.events.map((n) => n.title)).not.toContain('Rolled back');
        const stored = await t.db.select().from(notifications);
        expect(stored.map((n) => n.title)).not.toContain('Rolled back');
      } finally {
        await stream.close();
      }
    });

    it('ends a stream once its session ends or its role changes, and keeps one whose session lives', async () => {
      // Security review: a stream kept the user and role it was opened with, so after a logout, a disabled account or a
      // demotion it went on hearing that user's notifications and the old role's changes until the browser dropped it.
      const settled = (stream: { ended: Promise<void> }) =>
        Promise.race([stream.ended.then(() => 'ended'), new Promise((resolve) => setTimeout(() => resolve('open'), 1000))]);
      const jamie = await createCustomer(t.ctx);
      const [laptop, phone] = [await signedInCookie(t.db, jamie), await signedInCookie(t.db, jamie)];
      const promoted = await createCustomer(t.ctx);
      const disabled = await createCustomer(t.ctx);
      const open = (cookie: string) => openSseClient(`${baseUrl}/api/notifications/stream`, cookie);
      const onLaptop = await open(laptop);
      const onPhone = await open(phone);
      const onPromoted = await open(await signedInCookie(t.db, promoted));
      const onDisabled = await open(await signedInCookie(t.db, disabled));
      expect(t.app.realtime.connectionCount()).toBe(4);

      expect((await as(t.app, laptop)('POST', '/api/auth/logout')).statusCode).toBe(204);
      expect((await as(t.app, adminCookie)('PATCH', `/api/admin/users/${promoted.id}`, { role: 'detailer' })).statusCode).toBe(200);
      expect((await as(t.app, adminCookie)('PATCH', `/api/admin/users/${disabled.id}`, { isDisabled: true })).statusCode).toBe(200);
      await t.app.realtime.checkSessions();

      expect(await settled(onLaptop)).toBe('ended');
      expect(await settled(onPromoted)).toBe('ended');
      expect(await settled(onDisabled)).toBe('ended');
      expect(await settled(onPhone)).toBe('open');
      await expect.poll(() => t.app.realtime.connectionCount()).toBe(1);
      // The phone's session still hears its user's notifications.
      await notify(t.ctx, { userId: jamie.id, type: 'alert', title: 'Still here', message: 'The phone kept its session', entityId: '' });
      expect((await onPhone.next((n) => n.title === 'Still here')).userId).toBe(jamie.id);
      await onPhone.close();
    });

    it('ends the subscription when the client goes away', async () => {
      const stream = await openSseClient(`${baseUrl}/api/notifications/stream`, caseyCookie);
      expect(t.app.realtime.connectionCount()).toBe(1);
      await stream.close();
      await expect.poll(() => t.app.realtime.connectionCount()).toBe(0);
    });
  });
});
