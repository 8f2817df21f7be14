import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { databaseKinds } from './test-app.ts';
import { testRedisUrl, useTwoInstances } from '../factories/two-instances.ts';

const redisUrl = testRedisUrl('the two-instance rate limit test');

// Issue 38: rate limits other than sign-in were per process; with REDIS_URL they count in Redis (rate-limit-store.ts).
describe.skipIf(!redisUrl).each(databaseKinds)('rate limits across two instances through Redis on %s', (kind) => {
  const two = useTwoInstances(kind, { env: { REDIS_URL: redisUrl! } });

  it('holds the documented 10 password-reset requests per address in 15 minutes across both instances', async () => {
    // An address of its own each run: the counts live in Redis, not in this test's apps.
    const remoteAddress = `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}`;
    const ask = (app: FastifyInstance, n: number) =>
      app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: `someone-${n}@example.com` }, remoteAddress });
    const statuses: number[] = [];
    // Alternating instances, one after another: each instance alone sees at most 6, under the limit.
    for (let n = 0; n < 12; n++) statuses.push((await ask(n % 2 === 0 ? two.a.app : two.b.app, n)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Another address is not held back by it.
    const other = await two.b.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'x@example.com' },
      remoteAddress: `192.0.2.${randomInt(1, 255)}`,
    });
    expect(other.statusCode).not.toBe(429);
  });
});
