import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { deviceTokens } from '../../server/db/schema.ts';
import { notify } from '../../server/notifications/notification-service.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { createCustomer } from '../factories/index.ts';
import { createTestApp, databaseKinds, type TestApp, signedInCookie } from './test-app.ts';

// A real push service on loopback: HTTPS with a certificate made here by openssl, answering 201 on /ok/* and
// 410 Gone on /gone/*. The browser side is played by a P-256 key pair and auth secret made with node:crypto,
// so the test decrypts what web-push sent (RFC 8291, aes128gcm) the way a browser would.

type Received = { path: string; headers: IncomingHttpHeaders; body: Buffer };

const b64url = (buffer: Buffer) => buffer.toString('base64url');

function browserSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    json: JSON.stringify({ endpoint, expirationTime: null, keys: { p256dh: b64url(publicKey), auth: b64url(auth) } }),
    /** RFC 8188/8291 decryption of one aes128gcm message, as the browser does it. */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const serverPublicKey = body.subarray(21, 21 + idLength);
      const cipherText = body.subarray(21 + idLength);
      const ecdhSecret = ecdh.computeSecret(serverPublicKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, serverPublicKey]);
      const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, auth, keyInfo, 32));
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
      const padded = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end -= 1;
      expect(padded[end]).toBe(2); // the last record's delimiter
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

describe.each(databaseKinds)('web push on %s', (kind) => {
  let dir: string;
  let cert: Buffer;
  let server: https.Server;
  let pushOrigin: string;
  const received: Received[] = [];
  let t: TestApp;
  let user: UserRow;
  let cookie: string;
  const vapid = webpush.generateVAPIDKeys();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'glossly-push-'));
    execFileSync(
      'openssl',
      [
        'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
        '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1',
        '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    cert = readFileSync(join(dir, 'cert.pem'));
    server = https.createServer({ key: readFileSync(join(dir, 'key.pem')), cert }, (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
        response.writeHead(request.url?.startsWith('/gone/') ? 410 : 201).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    pushOrigin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

    // Trust the test's certificate for pushes from this app only.
    t = await createTestApp(kind, {
      // The loopback push service stands in for the browsers' (fcm.googleapis.com and friends).
      env: { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, PUSH_SERVICE_HOSTS: '127.0.0.1' },
      pushAgent: new https.Agent({ ca: cert }),
    });
    user = await createCustomer(t.ctx, { password: undefined });
    cookie = await signedInCookie(t.db, user);
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => server?.close(resolve));
    rmSync(dir, { recursive: true, force: true });
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
