import { AppError } from '@core/errors.ts';
import type { Agent } from 'node:https';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '@core/domain/roles.ts';
import { liveChangeSchema, type LiveChange } from '@core/schemas/live-change.ts';
import type { Notification } from '@core/schemas/notification.ts';
import { createInProcessBus, type EventBus } from './realtime/event-bus.ts';
import { createRedisBus } from './realtime/redis-bus.ts';
import { createInProcessStreamCap, createRedisStreamCap, namespaceOf, type StreamCap } from './realtime/stream-cap.ts';
import { installSecret } from '../db/install-secrets.ts';
import { createNotificationOutbox, type ExternalChannels, type NotificationOutbox } from './notification-delivery.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { LiveAudience, LiveChangePublisher } from '../context.ts';
import type { Database } from '../db/client.ts';
import { sessionCookieName } from '../identity/auth-plugin.ts';
import { hashToken, liveSessionRoles } from '../identity/session-service.ts';
import type { Mailer } from './mailer.ts';
import { toApiNotification, type NotificationPublisher } from './notification-service.ts';

/** One channel for every notification; each instance filters by user for its own connections. */
export const notificationChannel = 'glossly:notifications';
/** One channel for every live change, with its audience; each instance filters for its own connections. */
export const changeChannel = 'glossly:changes';

/** What one open stream is told: a notification of its user, or a change it may want to refetch. */
export type StreamMessage = { event: 'notification'; data: Notification } | { event: 'change'; data: LiveChange };

/**
 * The signed-in user behind one open stream, and the session it was opened with (its hash): the stream lives only as
 * long as that session does, with the same role (checkSessions).
 */
export type StreamListener = { userId: number; role: Role; sessionHash: string; send: (message: StreamMessage) => void; end: () => void };

export const heartbeatMs = 25_000;
/** A stream's place under its account's cap lapses this long after its last heartbeat (a crashed instance's streams). */
export const streamPlaceTtlMs = 2 * heartbeatMs + 10_000;

/** The reconnection wait a closing instance hands its streams: 1 to 5 s. */
const closingRetryMs = () => 1000 + Math.floor(Math.random() * 4000);

export type RealtimeHub = {
  bus: EventBus;
  /** Live streams per account: across instances in Redis with REDIS_URL, else on this instance. */
  streamCap: StreamCap;
  /**
   * Hands the listener its user's notifications and the changes its user or role hears, raised on any instance
   * (when Redis is used); returns unsubscribe.
   */
  subscribe: (listener: StreamListener) => () => void;
  /** Registers a live connection's end function so that closing the app ends it; returns untrack. */
  trackStream: (end: () => void) => () => void;
  /** Open live connections on this instance. */
  connectionCount: () => number;
  /**
   * Ends every stream whose session has ended (logout, password change, disabled account), expired, or whose user's
   * role changed since it opened: one query for all of this instance's streams, every heartbeat.
   */
  checkSessions: () => Promise<void>;
  /** Resolves when the delivery pass started after the last commit has finished, with the emails it queued (tests, shutdown). */
  settled: () => Promise<void>;
  /**
   * Hands a committed notification on (the context's publishNotification): live on the bus, and a delivery pass for
   * its push and email, whose outbox row committed with it (decision 040).
   */
  publish: NotificationPublisher;
  /** The push and email legs of notifications (the notification-delivery job runs its passes). */
  deliveries: NotificationOutbox;
  /** Hands a committed change to its audience's streams on every instance (the context's publishChange). */
  publishChange: LiveChangePublisher;
  endStreams: () => void;
  close: () => Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

export type RealtimeOptions = {
  config: Config;
  /** The app's root database handle: delivery passes run after commit, outside any transaction. */
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The HTTPS agent pushes go through (tests point it at their loopback push service). */
  pushAgent?: Agent;
  clock: Clock;
};

/**
 * The realtime bus of one app (in-process, or Redis with REDIS_URL), its notification outbox, and the publisher that
 * the context's notify() hands each committed notification to: live on the bus, then a delivery pass at once.
 */
export async function createRealtimeHub({ config, db, mailer, log, pushAgent, clock }: RealtimeOptions): Promise<RealtimeHub> {
  const bus = config.REDIS_URL
    ? await createRedisBus(config.REDIS_URL, { onError: (error) => log.warn({ err: error }, 'Redis bus reconnect failed') })
    : createInProcessBus();
  const listeners = new Set<StreamListener>();
  const streams = new Set<() => void>();
  let namespace: Promise<string> | undefined;
  const streamCap = config.REDIS_URL
    ? createRedisStreamCap(
        config.REDIS_URL,
        () => (namespace ??= installSecret(db, 'realtime_namespace').then(namespaceOf)),
        streamPlaceTtlMs,
        log,
      )
    : createInProcessStreamCap();

  const unsubscribeNotifications = await bus.subscribe(notificationChannel, (message) => {
    let notification: Notification;
    try {
      notification = JSON.parse(message) as Notification;
    } catch {
      log.warn('Ignoring an unreadable realtime message');
      return;
    }
    for (const listener of listeners) {
      if (listener.userId === notification.userId) listener.send({ event: 'notification', data: notification });
    }
  });
  const unsubscribeChanges = await bus.subscribe(changeChannel, (message) => {
    let parsed: { change: LiveChange; audience: LiveAudience };
    try {
      const raw = JSON.parse(message) as { change: unknown; audience: LiveAudience };
      parsed = { change: liveChangeSchema.parse(raw.change), audience: raw.audience };
    } catch {
      log.warn('Ignoring an unreadable live change');
      return;
    }
    const { change, audience } = parsed;
    for (const listener of listeners) {
      if (audience.userIds.includes(listener.userId) || audience.roles.includes(listener.role)) {
        listener.send({ event: 'change', data: change });
      }
    }
  });

  const channels: ExternalChannels = {
    mailer,
    push:
      config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY
        ? {
            vapid: { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject: config.VAPID_SUBJECT },
            serviceHosts: config.PUSH_SERVICE_HOSTS,
            ...(pushAgent ? { agent: pushAgent } : {}),
          }
        : undefined,
    appUrl: config.PUBLIC_URL,
  };
  const deliveries = createNotificationOutbox({ db, channels, clock, log });
  let isClosed = false;

  const publish: NotificationPublisher = (delivery) => {
    if (isClosed) return;
    if (delivery.row) {
      bus.publish(notificationChannel, JSON.stringify(toApiNotification(delivery.row))).catch((error: unknown) => {
        // The row is stored; the reader still sees it on the next poll.
        log.warn({ err: error }, 'Could not publish a notification live');
      });
    }
    // The delivery row is committed: this pass sends it now; if this instance stops first, any instance's job will.
    if (delivery.push || delivery.email) deliveries.deliverSoon();
  };

  const publishChange: LiveChangePublisher = (change, audience) => {
    if (isClosed) return;
    bus.publish(changeChannel, JSON.stringify({ change, audience })).catch((error: unknown) => {
      // The change is committed; an open screen sees it on its next read.
      log.warn({ err: error }, 'Could not publish a live change');
    });
  };

  const checkSessions = async () => {
    const open = [...listeners];
    const live = await liveSessionRoles(db, [...new Set(open.map((listener) => listener.sessionHash))], clock.now());
    for (const listener of open) {
      if (live.get(listener.sessionHash) !== listener.role) listener.end();
    }
  };
  // A stream outlives no session by more than one heartbeat; the browser reconnects as whoever it now is.
  const sessionCheck = setInterval(() => {
    checkSessions().catch((error: unknown) => log.warn({ err: error }, "Could not check the live streams' sessions"));
  }, heartbeatMs);
  sessionCheck.unref();

  const hub: RealtimeHub = {
    bus,
    streamCap,
    checkSessions,
    publish,
    deliveries,
    publishChange,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
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
      await deliveries.settled();
      await mailer.settled();
    },
    endStreams() {
      for (const end of [...streams]) end();
    },
    async close() {
      isClosed = true;
      clearInterval(sessionCheck);
      await hub.settled();
      unsubscribeNotifications();
      unsubscribeChanges();
      await streamCap.close();
      await bus.close();
    },
  };
  return hub;
}

/** Ends the hub with the app: open streams first (they would keep close() waiting), then the bus. */
async function realtimePlugin(app: FastifyInstance) {
  app.addHook('preClose', async () => {
    app.realtime.endStreams();
  });
  app.addHook('onClose', async () => {
    await app.realtime.close();
  });
}

/**
 * Answers with a Server-Sent Events stream of the user's notifications (`event: notification`) and of the
 * changes they may be looking at (`event: change`), a comment every 25 s so proxies keep it open, and cleans
 * up when either side closes.
 */
/**
 * Live streams one account may hold open, on all instances together (with REDIS_URL): a phone, a laptop and tabs, not
 * the 500 one account opened.
 */
export const maxStreamsPerAccount = 10;
export const tooManyStreamsMessage = 'Too many live connections are open for this account. Close a tab or two and try again.';

export async function openNotificationStream(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  user: { id: number; role: Role },
): Promise<void> {
  const place = await app.realtime.streamCap.take(user.id, maxStreamsPerAccount);
  // Refused with a status, not opened and closed: a browser's EventSource gives up on a 429 instead of reconnecting.
  if (!place) throw new AppError('too_many_requests', tooManyStreamsMessage);
  const release = place.release;
  reply.hijack();
  // The client went away while the place was being counted: no close event will come, so give it back at once.
  if (request.raw.destroyed) {
    release();
    return;
  }
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.write('retry: 3000\n\n: connected\n\n');
  const heartbeat = setInterval(() => {
    raw.write(': heartbeat\n\n');
    place.refresh();
  }, heartbeatMs);
  heartbeat.unref();
  let ended = false;
  let untrack: () => void = () => undefined;
  const unsubscribe = app.realtime.subscribe({
    userId: user.id,
    role: user.role,
    // The route answered only a signed-in request, so its session cookie is there.
    sessionHash: hashToken(request.cookies[sessionCookieName] ?? ''),
    send(message) {
      // Only notifications carry an id: a reconnect refetches the lists, and a change has nothing to replay.
      const id = message.event === 'notification' ? `id: ${message.data.id}\n` : '';
      raw.write(`event: ${message.event}\n${id}data: ${JSON.stringify(message.data)}\n\n`);
    },
    end: () => end(),
  });
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    unsubscribe();
    untrack();
    release();
    if (!raw.writableEnded) raw.end();
  };
  untrack = app.realtime.trackStream(() => {
    // The app is closing (a drain, decision 041): the browser reconnects, to another instance, after a wait spread
    // over a few seconds so that a closing instance's readers do not all arrive on the next one at once.
    if (!raw.writableEnded) raw.write(`retry: ${closingRetryMs()}\n: closing\n\n`);
    end();
  });
  request.raw.on('close', end);
  raw.on('close', end);
}

export default fp(realtimePlugin, { name: 'realtime' });
