import { randomBytes } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { deviceTokens } from '../../server/db/schema.ts';
import { notify } from '../../server/notifications/notification-service.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { createCustomer } from '../factories/index.ts';
import { browserSubscription, startLoopbackPushService, type LoopbackPushService } from './push-loopback-service.ts';
import { createTestApp, databaseKinds, type TestApp, signedInCookie } from './test-app.ts';

// Pushes go to a real push service on loopback (push-loopback-service.ts), and the test decrypts them as a browser.

describe.each(databaseKinds)('web push on %s', (kind) => {
  let service: LoopbackPushService;
  let pushOrigin: string;
  let received: LoopbackPushService['received'];
  let t: TestApp;
  let user: UserRow;
  let cookie: string;
  const vapid = webpush.generateVAPIDKeys();

  beforeAll(async () => {
    service = await startLoopbackPushService();
    pushOrigin = service.origin;
    received = service.received;
    // Trust the test's certificate for pushes from this app only.
    t = await createTestApp(kind, {
      // The loopback push service stands in for the browsers' (fcm.googleapis.com and friends).
      env: { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, PUSH_SERVICE_HOSTS: '127.0.0.1' },
      pushAgent: service.agent,
    });
    user = await createCustomer(t.ctx, { password: undefined });
    cookie = await signedInCookie(t.db, user);
  });
  afterAll(async () => {
    await t?.close();
    await service?.close();
  });

  const register = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/device-tokens',
      headers: { cookie },
      payload: { userId: user.id, token, deviceType: 'web', deviceName: 'Chrome', isActive: true },
    });
  const tokenRow = async (token: string) => (await t.db.select().from(deviceTokens).where(eq(deviceTokens.token, token)))[0]!;

  it('gives the browser the VAPID public key', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/push/public-key' });
    expect(response.json()).toEqual({ publicKey: vapid.publicKey });
  });

  it('pushes an encrypted, VAPID-signed payload that decrypts to the notification; a 410 deactivates that device only', async () => {
    const good = browserSubscription(`${pushOrigin}/ok/${randomBytes(4).toString('hex')}`);
    const gone = browserSubscription(`${pushOrigin}/gone/${randomBytes(4).toString('hex')}`);
    expect((await register(good.json)).statusCode).toBe(201);
    expect((await register(gone.json)).statusCode).toBe(201);
    expect((await register(`web-${randomBytes(8).toString('hex')}`)).statusCode).toBe(201); // not a subscription: skipped
    received.length = 0;

    const row = await notify(t.ctx, {
      userId: user.id,
      type: 'booking_update',
      title: 'Booking accepted',
      message: 'Shine Co accepted your Full Detail on Tue, Nov 24 at 9:00 AM.',
      entityId: '42',
    });
    await t.app.realtime.settled();

    expect(received.map((r) => r.path.split('/')[1]).sort()).toEqual(['gone', 'ok']);
    const delivered = received.find((r) => r.path.startsWith('/ok/'))!;
    expect(delivered.headers['content-encoding']).toBe('aes128gcm');
    expect(delivered.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapid.publicKey}$`));
    expect(Number(delivered.headers.ttl)).toBeGreaterThan(0);
    expect(JSON.parse(good.decrypt(delivered.body))).toEqual({
      title: 'Booking accepted',
      body: 'Shine Co accepted your Full Detail on Tue, Nov 24 at 9:00 AM.',
      url: '/bookings/42',
      tag: `notification-${row!.id}`,
      icon: '/logo192.png',
    });
    // A different key cannot read it.
    expect(() => browserSubscription('https://x.invalid/').decrypt(delivered.body)).toThrow();

    expect((await tokenRow(good.json)).isActive).toBe(true);
    expect((await tokenRow(gone.json)).isActive).toBe(false);

    // The deactivated device is not tried again.
    received.length = 0;
    await notify(t.ctx, { userId: user.id, type: 'payment', title: 'Card charged', message: 'x', entityId: '7' });
    await t.app.realtime.settled();
    expect(received.map((r) => r.path)).toEqual([new URL(JSON.parse(good.json).endpoint).pathname]);
  });

  it('refuses a subscription whose endpoint is not a push service, and never pushes to one stored before', async () => {
    // Security review: the endpoint is a URL this server POSTs to, so a subscription could aim it at an internal
    // address or a cloud metadata service (server-side request forgery).
    for (const endpoint of ['https://169.254.169.254/latest/meta-data/', 'https://10.0.0.5/admin', 'https://127.0.0.2:8443/push']) {
      const token = browserSubscription(endpoint).json;
      const refused = await register(token);
      expect(refused.statusCode, endpoint).toBe(400);
      expect(refused.json().fields).toEqual({ token: 'token must be a subscription of a browser push service' });
      expect(await t.db.select().from(deviceTokens).where(eq(deviceTokens.token, token))).toEqual([]);
    }

    // A subscription stored before the check (or by an older version) is skipped: no connection is even opened.
    let connections = 0;
    const listener = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.2', resolve));
    const stored = browserSubscription(`https://127.0.0.2:${(listener.address() as AddressInfo).port}/push`).json;
    await t.db.insert(deviceTokens).values({ userId: user.id, token: stored, deviceType: 'web', deviceName: 'Chrome', isActive: true });
    try {
      await notify(t.ctx, { userId: user.id, type: 'alert', title: 'Hello', message: 'x' });
      await t.app.realtime.settled();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(connections).toBe(0);
    } finally {
      await new Promise((resolve) => listener.close(resolve));
      await t.db.delete(deviceTokens).where(eq(deviceTokens.token, stored));
    }
  });

  it('sends no push for a type whose push switch is off', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/notification-settings',
      headers: { cookie },
      payload: { settings: [{ type: 'message', inApp: true, push: false, email: true }] },
    });
    expect(put.statusCode).toBe(200);
    received.length = 0;
    await notify(t.ctx, { userId: user.id, type: 'message', title: 'New message', message: 'hi', entityId: '3' });
    await t.app.realtime.settled();
    expect(received).toEqual([]);
  });
});

describe.each(databaseKinds)('without VAPID keys on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { PUSH_SERVICE_HOSTS: '127.0.0.1' } });
  });
  afterAll(() => t?.close());

  it('tells the browser there is no key, and notify() stores the notification and sends nothing', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/push/public-key' })).json()).toEqual({ publicKey: null });
    const user = await createCustomer(t.ctx, { password: undefined });
    const cookie = await signedInCookie(t.db, user);
    // A listener that counts connections: a push attempt would open one.
    let connections = 0;
    const listener = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const port = (listener.address() as AddressInfo).port;
    const token = browserSubscription(`https://127.0.0.1:${port}/push`).json;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/device-tokens',
      headers: { cookie },
      payload: { userId: user.id, token, deviceType: 'web', deviceName: 'Firefox', isActive: true },
    });
    expect(registered.statusCode).toBe(201);
    const row = await notify(t.ctx, { userId: user.id, type: 'alert', title: 'Hello', message: 'x' });
    expect(row).not.toBeNull();
    await t.app.realtime.settled();
    await new Promise((r) => setTimeout(r, 100));
    await new Promise((resolve) => listener.close(resolve));
    expect(connections).toBe(0);
    expect((await t.db.select().from(deviceTokens).where(eq(deviceTokens.token, token)))[0]!.isActive).toBe(true);
  });
});
