import { Worker } from 'node:worker_threads';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { createTestDatabase, type DatabaseKind } from '../tests/integration/test-app.ts';
import { users } from '../server/db/schema.ts';
import { notify } from '../server/notifications/notification-service.ts';
import { createSession } from '../server/identity/session-service.ts';

// 1,000 Server-Sent Events clients on loopback, each signed in as its own user; one notification is raised
// for each user and the time from raising it (before the INSERT) to its event arriving is measured.
// "paced": raised one after another (each waits for the previous event to arrive), from before the INSERT;
// "burst": all raised at once, measured from each notify()'s return (stored and published) to arrival, since
// from the burst's start it would measure the database's queue of 1,000 INSERTs. 100 warm-up events first.
// Bounded: at most `clients` sockets and `timeoutMs` per run.

export type LatencyResult = {
  kind: DatabaseKind;
  clients: number;
  /** Raise-to-arrival, raised one after another. */
  paced: Percentiles;
  /** All raised at once: arrival after each notify() returned (row stored, event published), and the whole burst. */
  burst: Percentiles & { totalMs: number };
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
  options: { kind?: DatabaseKind; redisUrl?: string; clients?: number; timeoutMs?: number } = {},
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
      .values(Array.from({ length: clients }, (_, i) => ({ email: `bench-${run}-${i}@example.com`, username: `bench${run}${i}`, name: `Bench ${i}` })))
      .returning({ id: users.id });
    const userIds = rows.map((r) => r.id);

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
    const raise = async (userId: number, label: string): Promise<number> => {
      const arrived = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no event for user ${userId} (${label})`)), Math.max(1, deadline - Date.now()));
        waiters.set(userId, () => {
          clearTimeout(timer);
          resolve();
        });
      });
      await notify(app.ctx, { userId, type: 'alert', title: label, message: 'bench' });
      const storedAt = clockNow();
      await arrived;
      return storedAt;
    };

    for (const userId of userIds.slice(0, 100)) await raise(userId, 'warm-up');

    // Paced: one at a time.
    const paced: number[] = [];
    for (const userId of userIds) {
      const sentAt = clockNow();
      await raise(userId, 'paced');
      paced.push(arrivedForUser.get(userId)! - sentAt);
    }
    // Burst: all at once.
    const burstStart = performance.now();
    const storedAt = await Promise.all(userIds.map((userId) => raise(userId, 'burst')));
    const totalMs = performance.now() - burstStart;
    const burst = userIds.map((userId, i) => Math.max(0, arrivedForUser.get(userId)! - storedAt[i]!));
    return { kind: options.kind ?? 'pglite', clients, paced: percentiles(paced), burst: { ...percentiles(burst), totalMs } };
  } finally {
    worker?.postMessage('close');
    await worker?.terminate();
    await app.close();
    await database.close();
  }
}


const format = (p: Percentiles) => `p50 ${p.p50.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms, max ${p.max.toFixed(1)} ms`;

/**
 * The figures as printed by bench/run.ts: in-process on PGlite, and on PostgreSQL (TEST_DATABASE_URL) in
 * process and through Redis (REDIS_URL or TEST_REDIS_URL) when those are set.
 */
export async function notificationLatencyLines(): Promise<string[]> {
  const describe = (label: string, r: LatencyResult) =>
    `SSE ${label} on ${r.kind}, ${r.clients} clients, one event each: paced ${format(r.paced)}; burst (after commit) ${format(r.burst)}, all in ${r.burst.totalMs.toFixed(0)} ms (target p99 < 50 ms)`;
  const lines = [describe('in-process', await measureNotificationLatency({ kind: 'pglite' }))];
  if (process.env.TEST_DATABASE_URL) lines.push(describe('in-process', await measureNotificationLatency({ kind: 'postgres' })));
  const redisUrl = process.env.REDIS_URL ?? process.env.TEST_REDIS_URL;
  const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
  if (redisUrl) lines.push(describe('through Redis', await measureNotificationLatency({ kind, redisUrl })));
  return lines;
}

// Run alone: `npx tsx bench/notification-latency.ts` (uses REDIS_URL or TEST_REDIS_URL when set).
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await notificationLatencyLines()) console.log(line);
}
