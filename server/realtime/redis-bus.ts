import { Redis } from 'ioredis';
import type { EventBus } from './event-bus.ts';

/**
 * Fans messages out through Redis pub/sub with ioredis: every instance subscribed to a channel hears every
 * publish, its own included. Two connections, because a subscribed Redis connection accepts no PUBLISH;
 * ioredis reconnects and re-subscribes by itself.
 */
export async function createRedisBus(redisUrl: string, options: { onError?: (error: Error) => void } = {}): Promise<EventBus> {
  const connectionOptions = { lazyConnect: true, maxRetriesPerRequest: 3 } as const;
  const publisher = new Redis(redisUrl, connectionOptions);
  const subscriber = new Redis(redisUrl, connectionOptions);
  const reportError = options.onError ?? (() => undefined);
  publisher.on('error', reportError);
  subscriber.on('error', reportError);
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
  } catch (error) {
    // Do not leave ioredis retrying in the background for an app that failed to start.
    publisher.disconnect();
    subscriber.disconnect();
    throw error;
  }

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
