import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxStreamsPerAccount, streamPlaceTtlMs, tooManyStreamsMessage } from '../../server/notifications/realtime-plugin.ts';
import { createRedisStreamCap } from '../../server/notifications/realtime/stream-cap.ts';
import { createCustomer } from '../factories/index.ts';
import { testRedisUrl, useTwoInstances } from '../factories/two-instances.ts';
import { openSseClient, type SseClient } from './sse-client.ts';
import { createTestApp, databaseKinds, signedInCookie, type TestApp } from './test-app.ts';

// Issue 38: one account sent 149 photo messages a minute and opened 500 live streams. Limits per account.
describe.each(databaseKinds)('limits per account on %s', (kind) => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t?.close());

  it('takes 30 uploads per 10 minutes from one account, then 429; another account is not held back', async () => {
    const [me, other] = [await createCustomer(t.ctx), await createCustomer(t.ctx)];
    const [mine, theirs] = [await signedInCookie(t.db, me), await signedInCookie(t.db, other)];
    // Not a form: each is refused (400), and each counts.
    const post = (cookie: string) => t.app.inject({ method: 'POST', url: '/api/uploads', payload: { not: 'a form' }, headers: { cookie } });
    const statuses: number[] = [];
    for (let n = 0; n < 31; n++) statuses.push((await post(mine)).statusCode);
    expect(statuses.slice(0, 30).every((status) => status !== 429)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await post(theirs)).statusCode).not.toBe(429);
  });

  it('takes 60 messages a minute from one account, then 429', async () => {
    const me = await createCustomer(t.ctx);
    const cookie = await signedInCookie(t.db, me);
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/conversations/999999/messages',
        payload: { body: 'hi', clientId: 'x' },
        headers: { cookie },
      });
    const statuses: number[] = [];
    for (let n = 0; n < 61; n++) statuses.push((await send()).statusCode);
    expect(statuses.slice(0, 60).every((status) => status !== 429)).toBe(true);
    expect(statuses[60]).toBe(429);
  });

  it(`holds at most ${maxStreamsPerAccount} live streams per account; a closed one frees its place`, async () => {
    const me = await createCustomer(t.ctx);
    const cookie = await signedInCookie(t.db, me);
    const streams: SseClient[] = [];
    try {
      for (let n = 0; n < maxStreamsPerAccount; n++) streams.push(await openSseClient(`${url}/api/notifications/stream`, cookie));
      const refused = await fetch(`${url}/api/notifications/stream`, { headers: { cookie, accept: 'text/event-stream' } });
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ message: tooManyStreamsMessage });
      // Someone else still gets theirs.
      const other = await createCustomer(t.ctx);
      streams.push(await openSseClient(`${url}/api/notifications/stream`, await signedInCookie(t.db, other)));
      await streams.shift()!.close();
      await expect.poll(() => t.app.realtime.connectionCount(), { timeout: 10_000 }).toBe(maxStreamsPerAccount);
      streams.push(await openSseClient(`${url}/api/notifications/stream`, cookie));
    } finally {
      await Promise.all(streams.map((stream) => stream.close()));
    }
  });
});

const redisUrl = testRedisUrl('the two-instance live stream cap test');

// With REDIS_URL the live stream cap counts every instance's streams (before: N instances, up to N × 10).
describe.skipIf(!redisUrl).each(databaseKinds)('the live stream cap across two instances through Redis on %s', (kind) => {
  const two = useTwoInstances(kind, { env: { REDIS_URL: redisUrl! } });
  const log = pino({ level: 'silent' });

  it(`holds ${maxStreamsPerAccount} live streams per account over both instances; a closed one frees its place on the other`, async () => {
    expect(two.a.app.realtime.streamCap.kind).toBe('redis');
    const me = await createCustomer(two.a.ctx);
    const cookie = await signedInCookie(two.a.db, me);
    const streams: SseClient[] = [];
    try {
      // Alternating: each instance alone holds 5, under the cap.
      for (let n = 0; n < maxStreamsPerAccount; n++)
        streams.push(await openSseClient(`${n % 2 === 0 ? two.a.url : two.b.url}/api/notifications/stream`, cookie));
      for (const url of [two.a.url, two.b.url]) {
        const refused = await fetch(`${url}/api/notifications/stream`, { headers: { cookie, accept: 'text/event-stream' } });
        expect(refused.status).toBe(429);
        expect(await refused.json()).toMatchObject({ message: tooManyStreamsMessage });
      }
      // Someone else still gets theirs.
      const other = await createCustomer(two.a.ctx);
      streams.push(await openSseClient(`${two.b.url}/api/notifications/stream`, await signedInCookie(two.a.db, other)));
      // One closed on A (the first was opened there) frees a place on B.
      await streams.shift()!.close();
      await expect.poll(() => two.a.app.realtime.connectionCount(), { timeout: 10_000 }).toBe(maxStreamsPerAccount / 2 - 1);
      await expect
        .poll(
          async () => {
            try {
              streams.push(await openSseClient(`${two.b.url}/api/notifications/stream`, cookie));
              return true;
            } catch {
              return false;
            }
          },
          { timeout: 10_000 },
        )
        .toBe(true);
    } finally {
      await Promise.all(streams.map((stream) => stream.close()));
    }
  });

  it('stops counting the streams of an instance that died without closing them, once their heartbeat has lapsed', async () => {
    const namespace = `test-${randomBytes(4).toString('hex')}`;
    const crashed = createRedisStreamCap(redisUrl!, async () => namespace, streamPlaceTtlMs, log);
    const survivor = createRedisStreamCap(redisUrl!, async () => namespace, streamPlaceTtlMs, log);
    const redis = new Redis(redisUrl!);
    try {
      for (let n = 0; n < maxStreamsPerAccount; n++) expect(await crashed.take(7, maxStreamsPerAccount)).not.toBeNull();
      // The instance dies: nothing is released, and its heartbeats stop.
      await crashed.close();
      expect(await survivor.take(7, maxStreamsPerAccount)).toBeNull();
      // As if streamPlaceTtlMs passed without a heartbeat: every place of the dead instance lapses (Redis's own time decides).
      const key = `glossly:${namespace}:streams:7`;
      const members = await redis.zrange(key, 0, -1);
      expect(members).toHaveLength(maxStreamsPerAccount);
      await redis.zadd(key, ...members.flatMap((member) => [1, member]));
      const place = await survivor.take(7, maxStreamsPerAccount);
      expect(place).not.toBeNull();
      expect(await redis.zcard(key)).toBe(1);
      place!.release();
      await expect.poll(() => redis.zcard(key)).toBe(0);
    } finally {
      await survivor.close();
      await redis.quit();
    }
  });
});
