import { describe, expect, it } from 'vitest';
import { createRedisBus } from './redis-bus.ts';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn('SKIPPED: the Redis bus test needs TEST_REDIS_URL (CI sets redis://127.0.0.1:6379).');

describe.skipIf(!redisUrl)('Redis bus (ioredis)', () => {
  it('delivers a message published on one bus to the subscribers of another, and stops after unsubscribe', async () => {
    const a = await createRedisBus(redisUrl!);
    const b = await createRedisBus(redisUrl!);
    const channel = `glossly:test:${Math.random().toString(16).slice(2)}`;
    try {
      const heard: string[] = [];
      let resolveHeard: () => void = () => undefined;
      const gotOne = new Promise<void>((resolve) => (resolveHeard = resolve));
      const stop = await b.subscribe(channel, (message) => {
        heard.push(message);
        resolveHeard();
      });
      await a.publish(channel, 'café');
      await gotOne;
      expect(heard).toEqual(['café']);
      stop();
      await new Promise((r) => setTimeout(r, 50));
      await a.publish(channel, 'after');
      await new Promise((r) => setTimeout(r, 100));
      expect(heard).toEqual(['café']);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('fails to start on a port where nothing listens', async () => {
    await expect(createRedisBus('redis://127.0.0.1:1')).rejects.toThrow();
  });
});
