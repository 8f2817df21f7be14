import { Redis } from 'ioredis';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Where the route rate limits (@fastify/rate-limit: reset and confirmation links, registration, password checks,
 * uploads…) count. With REDIS_URL, in Redis, so a limit holds across every instance (two instances accepted 20
 * password-reset requests where 10 are documented); without it, in this process, as one instance needs. Sign-in's
 * own throttle counts in the database (auth-service.ts). Should Redis stop answering, requests are let through and
 * logged rather than refused: the app stays up, as with the realtime bus.
 */
export function rateLimitStore(app: FastifyInstance, config: Pick<Config, 'REDIS_URL'>) {
  if (!config.REDIS_URL) return {};
  // The plugin's advice: fail a count quickly rather than hold the request.
  const redis = new Redis(config.REDIS_URL, { connectTimeout: 2_000, maxRetriesPerRequest: 1 });
  redis.on('error', (error) => app.log.warn({ err: error }, 'Rate limit store (Redis) unavailable'));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return { redis, nameSpace: 'glossly-rate-limit-', skipOnError: true };
}

/**
 * A route limit counted per signed-in account (its address when signed out, who then gets 401 anyway): one account
 * sent 149 photo messages a minute. With REDIS_URL it holds across instances like every other limit.
 */
export function perAccount(max: number, timeWindow: string) {
  return { rateLimit: { max, timeWindow, keyGenerator: (request: FastifyRequest) => `account:${request.user?.id ?? request.ip}` } };
}

/** Uploads (photos): 30 per 10 minutes per account. */
export const uploadsPerAccount = perAccount(30, '10 minutes');
/** Messages (text or photo): 60 a minute per account, one a second on average: more than anyone types. */
export const messagesPerAccount = perAccount(60, '1 minute');
