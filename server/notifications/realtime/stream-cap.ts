import { createHash, randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { AppLog } from '../../context.ts';

/** One open stream's place under its account's cap: refreshed by the stream's heartbeat, released when it ends. */
export type StreamPlace = { refresh: () => void; release: () => void };

/** Counts the live streams each account holds open, and refuses a place past the cap. */
export type StreamCap = {
  readonly kind: 'in-process' | 'redis';
  /** A place for one more stream of the user, or null when they already hold `max`. */
  take: (userId: number, max: number) => Promise<StreamPlace | null>;
  close: () => Promise<void>;
};

/** Without Redis: this instance's own count, which is all there is. */
export function createInProcessStreamCap(): StreamCap {
  const open = new Map<number, number>();
  return {
    kind: 'in-process',
    async take(userId, max) {
      const held = open.get(userId) ?? 0;
      if (held >= max) return null;
      open.set(userId, held + 1);
      let released = false;
      return {
        refresh: () => undefined,
        release() {
          if (released) return;
          released = true;
          const left = (open.get(userId) ?? 1) - 1;
          if (left > 0) open.set(userId, left);
          else open.delete(userId);
        },
      };
    },
    async close() {
      open.clear();
    },
  };
}

// Each account's places are a sorted set of stream ids scored by when they lapse, in Redis's own time (so instances'
// clocks need not agree). Lapsed places are dropped before counting: a crashed instance's streams stop counting.
const takeScript = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;
const refreshScript = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if not redis.call('ZSCORE', KEYS[1], ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[1]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1`;

type CapRedis = Redis & {
  takeStreamPlace(key: string, max: number, ttlMs: number, member: string): Promise<number>;
  refreshStreamPlace(key: string, ttlMs: number, member: string): Promise<number>;
};

/**
 * With REDIS_URL: the cap holds across instances. A place lapses `ttlMs` after its last heartbeat unless refreshed, so
 * the streams of an instance that died without releasing them stop counting within that time. `namespace` keeps one
 * installation's counts apart from another's on a shared Redis. Should Redis stop answering, this instance's own count
 * decides (logged), as the rate limits let requests through: the app stays up.
 */
export function createRedisStreamCap(
  redisUrl: string,
  namespace: () => Promise<string>,
  ttlMs: number,
  log: Pick<AppLog, 'warn'>,
): StreamCap {
  const redis = new Redis(redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1 }) as CapRedis;
  redis.on('error', (error) => log.warn({ err: error }, 'Live stream cap (Redis) unavailable'));
  redis.defineCommand('takeStreamPlace', { numberOfKeys: 1, lua: takeScript });
  redis.defineCommand('refreshStreamPlace', { numberOfKeys: 1, lua: refreshScript });
  const fallback = createInProcessStreamCap();
  const instance = randomBytes(6).toString('hex');
  let next = 0;
  return {
    kind: 'redis',
    async take(userId, max) {
      const member = `${instance}:${++next}`;
      let key: string;
      try {
        key = `glossly:${await namespace()}:streams:${userId}`;
        if ((await redis.takeStreamPlace(key, max, ttlMs, member)) !== 1) return null;
      } catch (error) {
        log.warn({ err: error }, 'Could not count live streams in Redis; counting on this instance');
        return fallback.take(userId, max);
      }
      const quietly = (work: Promise<unknown>) =>
        work.catch((error: unknown) => log.warn({ err: error }, 'Could not update a live stream place in Redis'));
      return {
        refresh: () => void quietly(redis.refreshStreamPlace(key, ttlMs, member)),
        release: () => void quietly(redis.zrem(key, member)),
      };
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** A short, stable name for an installation, from a secret it keeps (never the secret itself). */
export const namespaceOf = (secret: string) => createHash('sha256').update(secret).digest('hex').slice(0, 12);
