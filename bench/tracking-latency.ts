import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { and, gte, inArray, sql } from 'drizzle-orm';
import { bookingPrice } from '@core/domain/pricing.ts';
import { dateInZone } from '@core/domain/time-slots.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import type { Database } from '../server/db/client.ts';
import {
  bookingEvents,
  bookings,
  conversations,
  detailerPositions,
  detailers,
  locationSharing,
  serviceCategories,
  services,
  sessions,
  users,
} from '../server/db/schema.ts';
import { sessionCookieName } from '../server/identity/auth-plugin.ts';
import { hashToken } from '../server/identity/session-service.ts';
import { minPositionIntervalMs } from '../server/tracking/positions.ts';
import { createTestDatabase, type DatabaseKind } from '../tests/integration/test-app.ts';
import { benchPostgresUrl } from './notification-latency.ts';

// Issue 14's figure: `customers` customers, each watching one detailer on the way (a booking en_route, sharing on
// today), the customers' Server-Sent Events streams open in the worker of bench/sse-clients.worker.mjs, which also
// sends the requests (the server alone on the main thread, as with real phones).
// "tracking": each detailer POSTs /api/detailer/positions every `intervalMs` (10 s; spread evenly, 50 a second
// for 500) for `rounds` rounds; measured from just before each POST to its customer's `change` { topic: 'tracking' }.
// "messages": `messages` sends (POST /api/conversations/:id/messages, detailer to customer) over `messageSpreadMs`
// across the bookings' threads, from just before each POST to the customer's `change` { topic: 'conversation' }.
// Each send also stores the customer's 'message' notification and starts its email after commit, as in production.
// Positions stay about 10 km from the job (no 'Arriving soon'); these routes have no rate limit. Each detailer posts
// every 10 s, far above the 2-second rule, unless the server falls 8 s behind: a position it then times within 2 s
// of the previous one is not stored, announces nothing, and is counted as not stored (`dropped`) instead of timed.
// 20 positions and 20 sends first, to warm up, not counted.

export type Percentiles = { p50: number; p99: number; max: number };
/**
 * Delivery (request start to the change's arrival) of `count` requests, of which `dropped` made no change (positions
 * within 2 s of the previous one, by the server's clock), and the POST's own answer time.
 */
export type Delivery = Percentiles & { count: number; dropped: number; answered: Percentiles };
export type TrackingLatencyResult = {
  kind: DatabaseKind;
  customers: number;
  rounds: number;
  intervalMs: number;
  messageSpreadMs: number;
  tracking: Delivery;
  messages: Delivery;
};

export type TrackingLatencyOptions = {
  kind?: DatabaseKind;
  /** Customers, detailers and bookings (500). */
  customers?: number;
  /** Positions per detailer (3). */
  rounds?: number;
  /** Between one detailer's positions (10,000 ms); above the 2-second rule when rounds > 1. */
  intervalMs?: number;
  /** Message sends (1,000), detailer to customer, round-robin over the bookings' threads. */
  messages?: number;
  /** The sends are spread evenly over this long (10,000 ms). */
  messageSpreadMs?: number;
  /** How long after a phase's last request its answers and events may take to arrive (120 s). */
  timeoutMs?: number;
};

/** Where the trips go (94105) and where each detailer is: about 10.6 km away, 21 minutes by the default estimate. */
const jobPlace = { latitude: 37.7864, longitude: -122.3892 };
const startPlace = { latitude: 37.8044, longitude: -122.2712 };
const timeZone = 'America/Los_Angeles';
const warmUps = 20;

function percentiles(samples: number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1)! };
}

type Cast = { customerCookies: string[]; detailerCookies: string[]; bookingIds: number[]; conversationIds: number[] };

/** The people and trips, written straight to the tables (the factories' one-at-a-time inserts would take minutes). */
async function insertCast(db: Database, count: number, now: Date): Promise<Cast> {
  const run = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const person = (role: 'customer' | 'detailer', i: number) => ({
    email: `bench-${role}-${run}-${i}@example.com`,
    username: `bench${role}${run}${i}`,
    name: `Bench ${role === 'customer' ? 'Customer' : 'Detailer'} ${i}`,
    role,
    emailVerifiedAt: now,
  });
  const range = Array.from({ length: count }, (_, i) => i);
  const customerIds = (
    await db
      .insert(users)
      .values(range.map((i) => person('customer', i)))
      .returning({ id: users.id })
  ).map((r) => r.id);
  const detailerUserIds = (
    await db
      .insert(users)
      .values(range.map((i) => person('detailer', i)))
      .returning({ id: users.id })
  ).map((r) => r.id);
  const detailerIds = (
    await db
      .insert(detailers)
      .values(
        detailerUserIds.map((userId, i) => ({
          userId,
          businessName: `Bench Detailing ${run} ${i}`,
          timeZone,
          baseLatitude: startPlace.latitude,
          baseLongitude: startPlace.longitude,
        })),
      )
      .returning({ id: detailers.id })
  ).map((r) => r.id);
  const [category] = await db
    .insert(serviceCategories)
    .values({ name: `Bench ${run}` })
    .returning();
  const [service] = await db
    .insert(services)
    .values({ detailerId: detailerIds[0]!, categoryId: category!.id, name: `Bench wash ${run}`, priceCents: 5900, durationMinutes: 60 })
    .returning();
  const startsAt = new Date(now.getTime() + 30 * 60_000);
  const bookingIds = (
    await db
      .insert(bookings)
      .values(
        range.map((i) => ({
          customerId: customerIds[i]!,
          detailerId: detailerIds[i]!,
          serviceId: service!.id,
          status: 'en_route' as const,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 60 * 60_000),
          vehicleType: 'Sedan',
          address: '1 Market St',
          city: 'San Francisco',
          zip: '94105',
          ...jobPlace,
          ...bookingPrice(5900),
        })),
      )
      .returning({ id: bookings.id })
  ).map((r) => r.id);
  // The history of a booking that was paid, accepted and set on its way (the threads' access and masking read it).
  const steps = [
    ['create', null, 'pending_payment'],
    ['authorize', 'pending_payment', 'requested'],
    ['accept', 'requested', 'accepted'],
    ['start-route', 'accepted', 'en_route'],
  ] as const;
  await db
    .insert(bookingEvents)
    .values(
      bookingIds.flatMap((bookingId) =>
        steps.map(([action, fromStatus, toStatus]) => ({ bookingId, action, fromStatus, toStatus, createdAt: now })),
      ),
    );
  await db
    .insert(locationSharing)
    .values(detailerIds.map((detailerId) => ({ detailerId, sharingOn: dateInZone(now, timeZone), updatedAt: now })));
  const conversationIds = (
    await db
      .insert(conversations)
      .values(bookingIds.map((bookingId) => ({ kind: 'booking' as const, bookingId })))
      .returning({ id: conversations.id, bookingId: conversations.bookingId })
  )
    .sort((a, b) => bookingIds.indexOf(a.bookingId!) - bookingIds.indexOf(b.bookingId!))
    .map((r) => r.id);
  const expiresAt = new Date(now.getTime() + 24 * 60 * 60_000);
  const cookiesOf = async (userIds: number[]) => {
    const tokens = userIds.map(() => randomBytes(32).toString('base64url'));
    await db.insert(sessions).values(userIds.map((userId, i) => ({ idHash: hashToken(tokens[i]!), userId, expiresAt })));
    return tokens.map((token) => `${sessionCookieName}=${token}`);
  };
  return { customerCookies: await cookiesOf(customerIds), detailerCookies: await cookiesOf(detailerUserIds), bookingIds, conversationIds };
}

/** One request for the worker to send; `key` names the change its recipient should hear (`topic:id`). */
type Planned = { delayMs: number; path: string; cookie: string; body: object; key: string; status: number };
type Posted = { seq: number; status: number; startedAt: number; answeredAt: number; body?: string };

/** The worker with the customers' streams, and the way to send a planned batch and time its deliveries. */
async function openClients(port: number, cookies: string[], timeoutMs: number) {
  const worker = new Worker(new URL('./sse-clients.worker.mjs', import.meta.url), { workerData: { port, cookies, changes: true } });
  const arrivals = new Map<string, number[]>();
  const posted = new Map<number, Posted>();
  let seq = 0;
  const ready = new Promise<void>((resolve, reject) => {
    worker.on('error', reject);
    worker.on(
      'message',
      (
        message: { type: 'ready' | 'event' } | { type: 'change'; topic: string; id: number; at: number } | ({ type: 'posted' } & Posted),
      ) => {
        if (message.type === 'ready') resolve();
        else if (message.type === 'change') {
          const key = `${message.topic}:${message.id}`;
          arrivals.set(key, [...(arrivals.get(key) ?? []), message.at]);
        } else if (message.type === 'posted') posted.set(message.seq, message);
      },
    );
  });
  await ready.catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });

  const until = async (done: () => boolean, deadline: number, what: () => string) => {
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`timed out: ${what()}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  /**
   * Sends the batch; answers each request's delivery (start to arrival) and answer time, in ms. `stored` counts the
   * requests that made a change once all are answered (all by default).
   */
  async function run(plan: Planned[], stored?: () => Promise<number>): Promise<Delivery> {
    arrivals.clear();
    const first = seq;
    seq += plan.length;
    const requests = plan.map(({ delayMs, path, cookie, body }, i) => ({ seq: first + i, delayMs, path, cookie, body }));
    worker.postMessage({ type: 'post', requests });
    const deadline = Date.now() + Math.max(0, ...plan.map((p) => p.delayMs)) + timeoutMs;
    const answers = () => requests.map((r) => posted.get(r.seq));
    await until(
      () => answers().every(Boolean),
      deadline,
      () => `${answers().filter(Boolean).length} of ${plan.length} requests answered`,
    );
    const wrong = answers().findIndex((answer, i) => answer!.status !== plan[i]!.status);
    if (wrong !== -1) throw new Error(`${plan[wrong]!.path} answered ${answers()[wrong]!.status}: ${answers()[wrong]!.body}`);
    const expected = stored ? await stored() : plan.length;
    const byKey = new Map<string, number[]>();
    answers().forEach((answer, i) => byKey.set(plan[i]!.key, [...(byKey.get(plan[i]!.key) ?? []), answer!.startedAt]));
    const arrived = () => [...byKey.keys()].reduce((sum, key) => sum + (arrivals.get(key)?.length ?? 0), 0);
    await until(
      () => arrived() >= expected,
      deadline,
      () => `${arrived()} of ${expected} events arrived`,
    );
    if (arrived() > expected) throw new Error(`${arrived()} events arrived for ${expected} changes`);
    const samples: number[] = [];
    for (const [key, started] of byKey) {
      const times = [...(arrivals.get(key) ?? [])].sort((a, b) => a - b);
      started.sort((a, b) => a - b);
      // Each key's requests are seconds apart: its k-th arrival is its k-th request's. When one made no change,
      // an arrival belongs to the latest request started before it.
      const owners = times.length === started.length ? started : times.map((at) => started.findLast((start) => start <= at) ?? Infinity);
      times.forEach((at, k) => {
        if (at < owners[k]!) throw new Error(`an event for ${key} arrived before its request started`);
        samples.push(at - owners[k]!);
      });
    }
    const answered = percentiles(answers().map((a) => a!.answeredAt - a!.startedAt));
    for (const r of requests) posted.delete(r.seq);
    return { ...percentiles(samples), count: plan.length, dropped: plan.length - expected, answered };
  }

  return {
    run,
    async close() {
      worker.postMessage('close');
      await worker.terminate();
    },
  };
}

/** The figure of issue 14 on one database: tracking positions, then message sends, to `customers` open streams. */
export async function measureTrackingLatency(options: TrackingLatencyOptions = {}): Promise<TrackingLatencyResult> {
  const kind = options.kind ?? 'pglite';
  const count = options.customers ?? 500;
  const rounds = options.rounds ?? 3;
  const intervalMs = options.intervalMs ?? 10_000;
  const messageCount = options.messages ?? 1000;
  const messageSpreadMs = options.messageSpreadMs ?? 10_000;
  if (rounds > 1 && intervalMs <= minPositionIntervalMs) {
    throw new Error(`intervalMs must exceed ${minPositionIntervalMs} ms: closer positions are dropped and not announced`);
  }
  const database = await createTestDatabase(kind);
  const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  let clients: Awaited<ReturnType<typeof openClients>> | undefined;
  try {
    const cast = await insertCast(database.db, count, new Date());
    clients = await openClients((app.server.address() as { port: number }).port, cast.customerCookies, options.timeoutMs ?? 120_000);
    if (app.realtime.connectionCount() !== count) throw new Error(`only ${app.realtime.connectionCount()} streams open`);

    const position = (i: number, round: number, delayMs: number): Planned => ({
      delayMs,
      path: '/api/detailer/positions',
      cookie: cast.detailerCookies[i]!,
      // Westward about 45 m a round, a little apart from each other; never within 500 m of the job.
      body: {
        bookingId: cast.bookingIds[i]!,
        latitude: startPlace.latitude + (i % 100) * 1e-5,
        longitude: startPlace.longitude - (round % 40) * 5e-4,
        accuracyMeters: 8,
      },
      key: `tracking:${cast.bookingIds[i]!}`,
      status: 204,
    });
    let sent = 0;
    const message = (k: number, delayMs: number): Planned => {
      const i = k % count;
      sent += 1;
      return {
        delayMs,
        path: `/api/conversations/${cast.conversationIds[i]!}/messages`,
        cookie: cast.detailerCookies[i]!,
        body: { clientId: `bench-${sent}`, body: `On my way, about 20 minutes (${sent})` },
        key: `conversation:${cast.conversationIds[i]!}`,
        status: 201,
      };
    };

    // Warm-up (not counted), then past the 2-second rule before the detailers' first timed positions.
    const warm = Math.min(warmUps, count);
    await clients.run(Array.from({ length: warm }, (_, i) => position(i, 0, i * 25)));
    await clients.run(Array.from({ length: warm }, (_, k) => message(k, k * 25)));
    await app.realtime.settled();
    await new Promise((resolve) => setTimeout(resolve, minPositionIntervalMs + 500));

    // A position the server timed within 2 s of the detailer's previous one (it fell that far behind) is not stored
    // and announces nothing: the events to wait for are the positions stored.
    const since = new Date();
    const tracking = await clients.run(
      Array.from({ length: rounds * count }, (_, n) => {
        const round = Math.floor(n / count);
        const i = n % count;
        return position(i, round + 1, round * intervalMs + (i * intervalMs) / count);
      }),
      async () => {
        const [row] = await database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(detailerPositions)
          .where(and(inArray(detailerPositions.bookingId, cast.bookingIds), gte(detailerPositions.recordedAt, since)));
        return row!.n;
      },
    );
    await app.realtime.settled();
    const messages = await clients.run(Array.from({ length: messageCount }, (_, k) => message(k, (k * messageSpreadMs) / messageCount)));
    return { kind, customers: count, rounds, intervalMs, messageSpreadMs, tracking, messages };
  } finally {
    await clients?.close();
    await app.close();
    await database.close();
  }
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const format = (p: Percentiles) => `p50 ${ms(p.p50)}, p99 ${ms(p.p99)}, max ${ms(p.max)}`;
const number = (n: number) => n.toLocaleString('en-US');
const seconds = (n: number) => `${number(n / 1000)} s`;
const dropped = (d: Delivery) =>
  d.dropped ? `; ${number(d.dropped)} not stored (within 2 s of the previous one by the server's clock: it fell behind)` : '';

/** The two lines of one database, as bench/run.ts prints them. */
export function describeTrackingLatency(r: TrackingLatencyResult): string[] {
  return [
    `Tracking on ${r.kind}: ${number(r.tracking.count)} positions to ${number(r.customers)} customers (${r.rounds === 1 ? '1 round' : `${r.rounds} rounds`}, each detailer every ${seconds(r.intervalMs)}), ${format(r.tracking)} from the POST's start to the customer's change event; the POST answered in ${format(r.tracking.answered)}${dropped(r.tracking)}`,
    `Messages on ${r.kind}: ${number(r.messages.count)} sends over ${seconds(r.messageSpreadMs)} to ${number(r.customers)} customers, ${format(r.messages)} from the POST's start to the recipient's change event; the POST answered in ${format(r.messages.answered)}`,
  ];
}

/** The rounds of `npm run bench`: BENCH_TRACKING_ROUNDS, else 3. */
export function benchTrackingRounds(): number {
  const setting = process.env.BENCH_TRACKING_ROUNDS ?? '3';
  const rounds = Number(setting);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`BENCH_TRACKING_ROUNDS must be a whole number from 1, not "${setting}"`);
  return rounds;
}

/** The figures as printed by bench/run.ts: PGlite, and PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set. */
export async function trackingLatencyLines(): Promise<string[]> {
  const rounds = benchTrackingRounds();
  const lines: string[] = [];
  for (const kind of benchPostgresUrl() ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
    lines.push(...describeTrackingLatency(await measureTrackingLatency({ kind, rounds })));
  }
  return lines;
}

// Run alone: `npx tsx bench/tracking-latency.ts`.
if (import.meta.url === `file://${process.argv[1]}`) {
  if (benchPostgresUrl()) process.env.TEST_DATABASE_URL = benchPostgresUrl();
  for (const line of await trackingLatencyLines()) console.log(line);
}
