import { Redis } from 'ioredis';
import { connectionFailure, urlTarget } from '../../startup.ts';
import type { EventBus } from './event-bus.ts';

/** How long the first connection may take; under Fastify's 10 s plugin timeout, which would hide the reason. */
export const redisConnectTimeoutMs = 5_000;

/**
 * Fans messages out through Redis pub/sub with ioredis: every instance subscribed to a channel hears every
 * publish, its own included. Two connections, because a subscribed Redis connection accepts no PUBLISH.
 * The first connection must succeed within `connectTimeoutMs`, or start-up stops with an UnavailableError saying
 * why (decision 011); after that, ioredis reconnects and re-subscribes by itself and each failure goes to `onError`.
 */
export async function createRedisBus(
  redisUrl: string,
  options: { onError?: (error: Error) => void; connectTimeoutMs?: number } = {},
): Promise<EventBus> {
  const connectTimeoutMs = options.connectTimeoutMs ?? redisConnectTimeoutMs;
  const connectionOptions = { lazyConnect: true, maxRetriesPerRequest: 3, connectTimeout: connectTimeoutMs } as const;
  const publisher = new Redis(redisUrl, connectionOptions);
  const subscriber = new Redis(redisUrl, connectionOptions);
  const reportError = options.onError ?? (() => undefined);
  let connected = false;
  // Before the first connection the reason of a failure goes into the start-up message, not the log.
  let firstError: Error | undefined;
  const onError = (error: Error) => {
    if (connected) reportError(error);
    else firstError ??= error;
  };
  publisher.on('error', onError);
  subscriber.on('error', onError);
  let timer: NodeJS.Timeout | undefined;
  // A server that accepts the connection and never answers would keep connect() pending for good.
  const noAnswer = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('connect timeout')), connectTimeoutMs);
  });
  try {
    await Promise.race([Promise.all([publisher.connect(), subscriber.connect()]), noAnswer]);
  } catch (error) {
    // Do not leave ioredis retrying in the background for an app that failed to start.
    publisher.disconnect();
    subscriber.disconnect();
    throw connectionFailure('redis', urlTarget(redisUrl, 6379), firstError ?? error, connectTimeoutMs);
  } finally {
    clearTimeout(timer);
  }
  connected = true;

  const handlers = new Map<string, Set<(message: string) => void>>();
  subscriber.on('message', (channel: string, message: string) => {
    for (const handler of handlers.get(channel) ?? []) handler(message);
  });

  return {
    kind: 'redis',
    async publish(channel, message) {
      await publisher.publish(channel, message);
    },
    async subscribe(channel, handler) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await subscriber.subscribe(channel);
      }
      set.add(handler);
      return () => {
        const current = handlers.get(channel);
        current?.delete(handler);
        if (current && current.size === 0) {
          handlers.delete(channel);
          subscriber.unsubscribe(channel).catch(() => undefined);
        }
      };
    },
    async close() {
      handlers.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}

/**
 * Connects to Redis as the bus will, then closes: start-up calls it before opening the database so that a Redis
 * that cannot be reached is reported at once, not after migrating and seeding (decision 011).
 */
export async function checkRedis(redisUrl: string, connectTimeoutMs = redisConnectTimeoutMs): Promise<void> {
  const bus = await createRedisBus(redisUrl, { connectTimeoutMs });
  await bus.close();
}
