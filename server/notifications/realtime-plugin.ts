import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Notification } from '@core/schemas/notification.ts';
import { createInProcessBus, type EventBus } from './realtime/event-bus.ts';
import { createRedisBus } from './realtime/redis-bus.ts';
import { deliverExternally, type ExternalChannels } from './notification-delivery.ts';
import { attachNotificationPublisher, toApiNotification } from './notification-service.ts';

/** One channel for every notification; each instance filters by user for its own connections. */
export const notificationChannel = 'glossly:notifications';

export const heartbeatMs = 25_000;

export type RealtimeHub = {
  bus: EventBus;
  /** Calls listener with each notification raised for userId (on any instance, when Redis is used). */
  subscribeUser: (userId: number, listener: (notification: Notification) => void) => () => void;
  /** Registers a live connection's end function so that closing the app ends it; returns untrack. */
  trackStream: (end: () => void) => () => void;
  /** Open live connections on this instance. */
  connectionCount: () => number;
  /** Resolves when every push and email leg started so far has finished (tests, shutdown). */
  settled: () => Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

async function realtimePlugin(app: FastifyInstance) {
  const bus = app.config.REDIS_URL
    ? await createRedisBus(app.config.REDIS_URL, { onError: (error) => app.log.warn({ err: error }, 'Redis bus reconnect failed') })
    : createInProcessBus();
  const listeners = new Map<number, Set<(notification: Notification) => void>>();
  const streams = new Set<() => void>();

  const unsubscribeBus = await bus.subscribe(notificationChannel, (message) => {
    let notification: Notification;
    try {
      notification = JSON.parse(message) as Notification;
    } catch {
      app.log.warn('Ignoring an unreadable realtime message');
      return;
    }
    for (const listener of listeners.get(notification.userId) ?? []) listener(notification);
  });

  const channels: ExternalChannels = {
    mailer: app.mailer,
    vapid:
      app.config.VAPID_PUBLIC_KEY && app.config.VAPID_PRIVATE_KEY
        ? { publicKey: app.config.VAPID_PUBLIC_KEY, privateKey: app.config.VAPID_PRIVATE_KEY, subject: app.config.VAPID_SUBJECT }
        : undefined,
    appUrl: app.config.PUBLIC_URL,
  };
  const inFlight = new Set<Promise<unknown>>();

  const detach = attachNotificationPublisher(app.db, (delivery) => {
    if (delivery.row) {
      bus.publish(notificationChannel, JSON.stringify(toApiNotification(delivery.row))).catch((error: unknown) => {
        // The row is stored; the reader still sees it on the next poll.
        app.log.warn({ err: error }, 'Could not publish a notification live');
      });
    }
    if (!delivery.email && !(delivery.push && channels.vapid)) return;
    const leg = deliverExternally(app.db, channels, delivery)
      .then((result) => {
        if (result.push && (result.push.deactivated || result.push.failed)) app.log.info(result.push, 'web push');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'Could not push or email a notification'))
      .finally(() => inFlight.delete(leg));
    inFlight.add(leg);
  });

  const hub: RealtimeHub = {
    bus,
    subscribeUser(userId, listener) {
      let set = listeners.get(userId);
      if (!set) {
        set = new Set();
        listeners.set(userId, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(userId);
      };
    },
    trackStream(end) {
      streams.add(end);
      return () => {
        streams.delete(end);
      };
    },
    connectionCount: () => streams.size,
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
  app.decorate('realtime', hub);

  // Open streams would keep close() waiting forever: end them first.
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });
  app.addHook('onClose', async () => {
    detach();
    await hub.settled();
    unsubscribeBus();
    await bus.close();
  });
}

/**
 * Answers with a Server-Sent Events stream of the user's notifications (`event: notification`), a comment
 * every 25 s so proxies keep it open, and cleans up when either side closes.
 */
export function openNotificationStream(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, userId: number) {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.write('retry: 3000\n\n: connected\n\n');
  const unsubscribe = app.realtime.subscribeUser(userId, (notification) => {
    raw.write(`event: notification\nid: ${notification.id}\ndata: ${JSON.stringify(notification)}\n\n`);
  });
  const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), heartbeatMs);
  heartbeat.unref();
  let ended = false;
  let untrack: () => void = () => undefined;
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    unsubscribe();
    untrack();
    if (!raw.writableEnded) raw.end();
  };
  untrack = app.realtime.trackStream(end);
  request.raw.on('close', end);
  raw.on('close', end);
}

export default fp(realtimePlugin, { name: 'realtime' });
