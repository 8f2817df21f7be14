import { addCalendarDays } from '@core/domain/business-weeks.ts';
import { dateInZone, timeSlotLabels } from '@core/domain/time-slots.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { createCustomer, createDetailer } from '../tests/factories/index.ts';
import { createTestDatabase, signedInCookie, type DatabaseKind } from '../tests/integration/test-app.ts';
import { benchPostgresUrl } from './notification-latency.ts';
import { describeTrackingLatency, measureTrackingLatency, type Percentiles } from './tracking-latency.ts';

// Issue 40: one busy shop on the embedded database. Two figures:
// - a message send at 100 a second on PGlite (bench/tracking-latency.ts's Messages figure, 100 threads, its tracking
//   phase kept to one short round), from the POST's start to the recipient's change event;
// - `customers` customers of `detailers` detailers all sending POST /api/bookings at once (each a free slot of its
//   own, so every one is a 201), on PGlite and PostgreSQL, right after the app starts and once more after that
//   burst: the answer times' p50/p99.

const timeZone = 'America/Los_Angeles';
const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

export type BookingBurst = Percentiles & { kind: DatabaseKind; customers: number; detailers: number };

/** The working days (Monday to Saturday, the seed's hours) from the day after tomorrow, as many as asked. */
function workingDays(count: number, now: Date): string[] {
  const days: string[] = [];
  for (let date = addCalendarDays(dateInZone(now, timeZone), 2); days.length < count; date = addCalendarDays(date, 1)) {
    if (new Date(`${date}T12:00:00Z`).getUTCDay() !== 0) days.push(date);
  }
  return days;
}

/**
 * Two bursts on one app: the first right after it starts (its code not yet compiled by V8, its caches empty), the
 * second once it has served one, as a shop open for a while meets its lunchtime. Each burst is `customers` new
 * customers of the same `detailers`, each booking a free slot of its own.
 */
export async function measureBookingBursts(
  kind: DatabaseKind,
  { customers = 50, detailers = 8 } = {},
): Promise<{ first: BookingBurst; next: BookingBurst }> {
  const database = await createTestDatabase(kind);
  const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database });
  try {
    const data = app.ctx;
    const shop = [];
    for (let i = 0; i < detailers; i += 1) shop.push(await createDetailer(data));
    const now = new Date();
    const perDetailer = Math.ceil((2 * customers) / detailers);
    const days = workingDays(Math.ceil(perDetailer / timeSlotLabels.length), now);
    const requests: Array<{ cookie: string; body: Record<string, unknown> }> = [];
    for (let i = 0; i < 2 * customers; i += 1) {
      const customer = await createCustomer(data, { password: undefined });
      const { detailerId, serviceId } = shop[i % detailers]!;
      const slot = Math.floor(i / detailers);
      requests.push({
        cookie: await signedInCookie(database.db, customer, now),
        body: {
          detailerId,
          serviceId,
          vehicleType: 'Sedan',
          date: days[Math.floor(slot / timeSlotLabels.length)]!,
          time: timeSlotLabels[slot % timeSlotLabels.length]!,
          address: '1 Market St',
          apt: '',
          city: 'San Francisco',
          zip: '94105',
        },
      });
    }
    // All of a burst at once, through the app's HTTP handling (inject: no sockets, so the server's own time).
    const burst = async (batch: typeof requests): Promise<BookingBurst> => {
      const times = await Promise.all(
        batch.map(async ({ cookie, body }) => {
          const started = performance.now();
          const response = await app.inject({ method: 'POST', url: '/api/bookings', headers: { cookie }, payload: body });
          if (response.statusCode !== 201) throw new Error(`POST /api/bookings answered ${response.statusCode}: ${response.body}`);
          return performance.now() - started;
        }),
      );
      const sorted = times.sort((a, b) => a - b);
      return { kind, customers, detailers, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted.at(-1)! };
    };
    const first = await burst(requests.slice(0, customers));
    return { first, next: await burst(requests.slice(customers)) };
  } finally {
    await app.close();
    await database.close();
  }
}

export function describeBookingBurst(r: BookingBurst, which: string): string {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  return `POST /api/bookings on ${r.kind}, ${which}: ${r.customers} customers of ${r.detailers} detailers at once, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, max ${ms(r.max)} (target p99 <= 250 ms)`;
}

export type BusyShopOptions = { customers?: number; detailers?: number; threads?: number; messages?: number; messageSpreadMs?: number };

/** The lines of `npm run bench`: messages on PGlite, then the booking burst on PGlite and, with a server, PostgreSQL. */
export async function busyShopLines(options: BusyShopOptions = {}): Promise<string[]> {
  const messages = options.messages ?? 1000;
  const spread = options.messageSpreadMs ?? 10_000;
  const latency = await measureTrackingLatency({
    kind: 'pglite',
    customers: options.threads ?? 100,
    rounds: 1,
    intervalMs: 2_000,
    messages,
    messageSpreadMs: spread,
  });
  const lines = [`Busy shop, ${describeTrackingLatency(latency)[1]!} (target p50 <= 50 ms, p99 <= 200 ms)`];
  for (const kind of benchPostgresUrl() ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
    const { first, next } = await measureBookingBursts(kind, options);
    lines.push(`Busy shop, ${describeBookingBurst(first, 'first burst after start')}`);
    lines.push(`Busy shop, ${describeBookingBurst(next, 'the next burst')}`);
  }
  return lines;
}

// Run alone: `npx tsx bench/busy-shop.ts`; BENCH_BUSY_SHOP_SMALL=1 for a tiny run that only proves it works.
if (import.meta.url === `file://${process.argv[1]}`) {
  if (benchPostgresUrl()) process.env.TEST_DATABASE_URL = benchPostgresUrl();
  const small =
    process.env.BENCH_BUSY_SHOP_SMALL === '1' ? { customers: 6, detailers: 2, threads: 5, messages: 10, messageSpreadMs: 500 } : {};
  for (const line of await busyShopLines(small)) console.log(line);
}
