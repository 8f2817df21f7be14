import { Worker } from 'node:worker_threads';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { createTestDatabase, type DatabaseKind } from '../tests/integration/test-app.ts';
import { notificationSettings, users } from '../server/db/schema.ts';
import { notify, notifyMany } from '../server/notifications/notification-service.ts';
import { createSession } from '../server/identity/session-service.ts';

// 1,000 Server-Sent Events clients on loopback, each signed in as its own user, and three ways of telling them:
// "event": one event for all 1,000 users, written by one notifyMany() (one SELECT of the settings, one
//   multi-row INSERT ... RETURNING), measured from notifyMany()'s return (rows stored, events published after
//   commit) to each arrival: the figure of issue 13's target; and from the event's start (before the write);
// "paced": one notify() per user, one after another (each waits for the previous event to arrive), measured
//   from before the INSERT to arrival;
// "separate": the same 1,000 notifications as 1,000 notify() calls at once (what a loop of notify() costs), from
//   each call's return to arrival, as issue 13's 1,055 ms was measured.
// With every channel on (the default: each notification also records an email, two more statements each, started
// by the publisher after commit), or in-app only (each bench user turned push and email off for the type: the
// write and the live path alone). 100 warm-up events first. Bounded: `clients` sockets, `timeoutMs` a run.

export type LatencyResult = {
  kind: DatabaseKind;
  clients: number;
  /** True when the bench users turned push and email off: only the in-app row and the live event. */
  inAppOnly: boolean;
  /** Raise-to-arrival, raised one after another (left out with inAppOnly). */
  paced?: Percentiles;
  /** One event to every client through notifyMany(): from its start, from its return, and the write alone. */
  event: { fromStart: Percentiles; afterWrite: Percentiles; writeMs: number };
  /** The same as separate notify() calls all at once: arrival after each returned, and the whole burst (left out with inAppOnly). */
  separate?: Percentiles & { totalMs: number };
};
type Percentiles = { p50: number; p99: number; max: number };

/** A high-resolution clock the worker thread shares (same origin: wall time). */
const clockNow = () => performance.timeOrigin + performance.now();

function percentiles(samples: number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1)! };
}

export async function measureNotificationLatency(
  options: { kind?: DatabaseKind; redisUrl?: string; clients?: number; timeoutMs?: number; inAppOnly?: boolean } = {},
): Promise<LatencyResult> {
  const clients = options.clients ?? 1000;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const database = await createTestDatabase(options.kind ?? 'pglite');
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}) });
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  let worker: Worker | undefined;
  try {
    const run = Date.now().toString(36);
    const rows = await database.db
      .insert(users)
      .values(
        Array.from({ length: clients }, (_, i) => ({
          email: `bench-${run}-${i}@example.com`,
          username: `bench${run}${i}`,
          name: `Bench ${i}`,
        })),
      )
      .returning({ id: users.id });
    const userIds = rows.map((r) => r.id);
    const inAppOnly = options.inAppOnly ?? false;
    if (inAppOnly) {
      await database.db
        .insert(notificationSettings)
        .values(userIds.map((userId) => ({ userId, type: 'alert' as const, inApp: true, push: false, email: false })));
    }

    // Each stream belongs to one user: its latest arrival time, and a waiter for the next event.
    const waiters = new Map<number, () => void>();
    const arrivedForUser = new Map<number, number>();
    const cookies: string[] = [];
    for (const userId of userIds) cookies.push(`glossly_session=${(await createSession(database.db, userId, new Date())).token}`);
    worker = new Worker(new URL('./sse-clients.worker.mjs', import.meta.url), { workerData: { port, cookies } });
    await new Promise<void>((resolve, reject) => {
      worker!.on('error', reject);
      worker!.on('message', (message: { type: 'ready' } | { type: 'event'; index: number; at: number }) => {
        if (message.type === 'ready') return resolve();
        const userId = userIds[message.index]!;
        arrivedForUser.set(userId, message.at);
        waiters.get(userId)?.();
      });
    });
    if (app.realtime.connectionCount() !== clients) throw new Error(`only ${app.realtime.connectionCount()} streams open`);

    const deadline = Date.now() + timeoutMs;
    /** Resolves when the user's next event arrives (its arrival time is then in arrivedForUser). */
    const nextEvent = (userId: number, label: string) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no event for user ${userId} (${label})`)), Math.max(1, deadline - Date.now()));
        waiters.set(userId, () => {
          clearTimeout(timer);
          resolve();
        });
      });
    const notice = (userId: number, label: string) => ({ userId, type: 'alert' as const, title: label, message: 'bench' });
    const raise = async (userId: number, label: string): Promise<number> => {
      const arrived = nextEvent(userId, label);
      await notify(app.ctx, notice(userId, label));
      const storedAt = clockNow();
      await arrived;
      return storedAt;
    };

    for (const userId of userIds.slice(0, 100)) await raise(userId, 'warm-up');
    await app.realtime.settled();

    const kind = options.kind ?? 'pglite';
    // One event for every user, one write.
    const allArrived = Promise.all(userIds.map((userId) => nextEvent(userId, 'event')));
    const eventStart = clockNow();
    await notifyMany(
      app.ctx,
      userIds.map((userId) => notice(userId, 'event')),
    );
    const writtenAt = clockNow();
    await allArrived;
    const event = {
      fromStart: percentiles(userIds.map((userId) => arrivedForUser.get(userId)! - eventStart)),
      afterWrite: percentiles(userIds.map((userId) => Math.max(0, arrivedForUser.get(userId)! - writtenAt))),
      writeMs: writtenAt - eventStart,
    };

    // The email legs the event started finish before the next figure is taken.
    await app.realtime.settled();
    if (inAppOnly) return { kind, clients, inAppOnly, event };

    // Paced: one at a time.
    const paced: number[] = [];
    for (const userId of userIds) {
      const sentAt = clockNow();
      await raise(userId, 'paced');
      paced.push(arrivedForUser.get(userId)! - sentAt);
    }
    await app.realtime.settled();

    // The same as separate notify() calls, all at once.
    const burstStart = performance.now();
    const storedAt = await Promise.all(userIds.map((userId) => raise(userId, 'separate')));
    const totalMs = performance.now() - burstStart;
    const separate = userIds.map((userId, i) => Math.max(0, arrivedForUser.get(userId)! - storedAt[i]!));
    return { kind, clients, inAppOnly, event, paced: percentiles(paced), separate: { ...percentiles(separate), totalMs } };
  } finally {
    worker?.postMessage('close');
    await worker?.terminate();
    await app.close();
    await database.close();
  }
}

const format = (p: Percentiles) => `p50 ${p.p50.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms, max ${p.max.toFixed(1)} ms`;

/** The database the PostgreSQL figures use: BENCH_DATABASE_URL, else TEST_DATABASE_URL; none skips them. */
export const benchPostgresUrl = () => process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/**
 * The figures as printed by bench/run.ts: in-process on PGlite, and on PostgreSQL (BENCH_DATABASE_URL or
 * TEST_DATABASE_URL) in process and through Redis (REDIS_URL or TEST_REDIS_URL) when those are set.
 */
export async function notificationLatencyLines(): Promise<string[]> {
  const describe = (label: string, r: LatencyResult) => {
    const lines = [
      `SSE ${label} on ${r.kind}, ${r.clients} clients, one event to all (notifyMany), ${r.inAppOnly ? 'in-app only (push and email off)' : 'every channel on'}: ${format(r.event.afterWrite)} after the write (target p99 < 50 ms); ${format(r.event.fromStart)} from the event's start, the write ${r.event.writeMs.toFixed(0)} ms`,
    ];
    if (r.paced && r.separate) {
      lines.push(
        `SSE ${label} on ${r.kind}, ${r.clients} clients, every channel on: paced notify() one at a time ${format(r.paced)}; ${r.clients} separate notify() at once ${format(r.separate)} after each returned, all in ${r.separate.totalMs.toFixed(0)} ms`,
      );
    }
    return lines;
  };
  const postgresUrl = benchPostgresUrl();
  const lines: string[] = [];
  for (const kind of postgresUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
    lines.push(...describe('in-process', await measureNotificationLatency({ kind })));
    lines.push(...describe('in-process', await measureNotificationLatency({ kind, inAppOnly: true })));
  }
  const redisUrl = process.env.REDIS_URL ?? process.env.TEST_REDIS_URL;
  if (redisUrl)
    lines.push(...describe('through Redis', await measureNotificationLatency({ kind: postgresUrl ? 'postgres' : 'pglite', redisUrl })));
  return lines;
}

// Run alone: `npx tsx bench/notification-latency.ts` (uses REDIS_URL or TEST_REDIS_URL when set).
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await notificationLatencyLines()) console.log(line);
}
