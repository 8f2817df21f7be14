import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateInZone } from '@core/domain/time-slots.ts';
import { openDatabase, type DatabaseHandle } from '../../server/db/client.ts';
import {
  bookingReminders,
  bookings,
  campaignRecipients,
  detailers,
  notifications,
  notificationSettings,
  savedAddresses,
  users,
} from '../../server/db/schema.ts';
import { createCatalogCache } from '../../server/catalog/catalog-cache.ts';
import { sessionCookieName } from '../../server/identity/auth-plugin.ts';
import { slotTakenMessage } from '../../server/bookings/availability-service.ts';
import { maxStreamsPerAccount } from '../../server/notifications/realtime-plugin.ts';
import { createCustomer, testPassword } from '../factories/index.ts';
import { freePort, startServerProcess, type ServerProcess } from '../factories/server-process.ts';
import { openSseClient, type SseClient } from './sse-client.ts';
import { createPostgresDatabase } from './test-app.ts';

// Issue 38: two real server processes (server/main.ts, as `npm start` runs it) on one PostgreSQL database and one
// Redis, spoken to over HTTP only, as a load balancer would. docs/running-many-instances.md points here.

const databaseServerUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const canRun = Boolean(databaseServerUrl && redisUrl);
if (!canRun) console.warn('SKIPPED: the two-instance proof needs TEST_DATABASE_URL and TEST_REDIS_URL (CI sets both).');

const startLimitMs = 120_000;

type Instance = { name: 'A' | 'B'; port: number; server?: ServerProcess };

const base = (instance: Instance) => `http://127.0.0.1:${instance.port}`;

/** What a failed fetch says: the code of its cause (ECONNREFUSED, ECONNRESET, UND_ERR_SOCKET...), or its message. */
function failureCode(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? String(error);
}

type Answer = { status: number; body: unknown; cookie?: string; retryAfter?: string };

/**
 * One request to one instance, on a connection of its own, as a balancer in front of the instances opens one per
 * request (nginx's default towards its upstreams). A kept-alive connection would add a race no server can close: a
 * request written on an idle socket just as the draining instance closes it. The drain's answer to a request on a
 * kept-alive connection (503 with Retry-After) is proved in tests/integration/drain.test.ts. A connection failure
 * rejects with its code as the cause, as fetch does.
 */
async function call(
  instance: Instance,
  method: string,
  url: string,
  options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const { status, headers, text } = await new Promise<{ status: number; headers: IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const request = httpRequest(
      base(instance) + url,
      {
        method,
        agent: false,
        headers: {
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', (error) => reject(new Error('response failed', { cause: error })));
      },
    );
    request.on('error', (error) => reject(new Error('request failed', { cause: error })));
    request.end(payload);
  });
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  const setCookies = headers['set-cookie'] ?? [];
  const session = setCookies.find((line) => line.startsWith(`${sessionCookieName}=`));
  const retryAfter = headers['retry-after'];
  return {
    status,
    body,
    cookie: session?.split(';')[0],
    retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
  } satisfies Answer;
}

describe.skipIf(!canRun)('two instances (server/main.ts) on one PostgreSQL and one Redis', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'glossly-two-instances-'));
  const a: Instance = { name: 'A', port: 0 };
  const b: Instance = { name: 'B', port: 0 };
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let handle: DatabaseHandle | undefined;
  const streams: SseClient[] = [];

  /** Starts main.ts for this instance on its own port (kept across its restarts). */
  function start(instance: Instance) {
    instance.server = startServerProcess({
      // NODE_ENV stays development, not `test`: the interval jobs run only outside tests, and they are part of what is proved.
      PORT: String(instance.port),
      DATABASE_URL: database!.url,
      REDIS_URL: redisUrl!,
      DEMO_MODE: 'true',
      // The demo accounts and catalog without six months of history: seeded in seconds, and no jobs of its own.
      DEMO_HISTORY: 'false',
      // Both behind one origin, as behind a load balancer; the balancer names the client (rate limits).
      PUBLIC_URL: `http://127.0.0.1:${a.port}`,
      TRUST_PROXY: '1',
      DATA_DIR: path.join(dataDir, instance.name),
      // On SIGTERM, a second of serving while /api/health says it is leaving: the balancer's check (every 100 ms in
      // case 6) takes the instance out before it stops listening.
      DRAIN_NOTICE_MS: '1000',
    });
  }

  /** Resolves once the instance answers /api/health; rejects with its stderr if it exits first. */
  async function untilUp(instance: Instance) {
    const gaveUpAt = Date.now() + startLimitMs;
    const server = instance.server!;
    let exited = false;
    void server.exited.then(() => (exited = true));
    while (Date.now() < gaveUpAt) {
      if (exited) throw new Error(`instance ${instance.name} exited during start-up: ${server.stderr().trim()}`);
      const up = await call(instance, 'GET', '/api/health').then(
        (answer) => answer.status === 200,
        () => false,
      );
      if (up) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`instance ${instance.name} did not answer /api/health within ${startLimitMs / 1000} s: ${server.stderr().trim()}`);
  }

  const demoSignIn = async (role: 'customer' | 'detailer' | 'admin') => {
    const answer = await call(a, 'POST', '/api/auth/demo-login', { body: { role } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.cookie!;
  };
  /** A new customer made in the database, signed in over HTTP on `instance`. */
  async function newCustomer(instance: Instance) {
    const user = await createCustomer({ db: handle!.db, catalogCache: createCatalogCache() });
    const answer = await call(instance, 'POST', '/api/auth/login', { body: { email: user.email, password: testPassword } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return { user, cookie: answer.cookie! };
  }

  let detailer: { cookie: string; id: number; serviceId: number; timeZone: string };

  beforeAll(async () => {
    database = await createPostgresDatabase();
    [a.port, b.port] = [await freePort(), await freePort()];
    // Started at the same moment on an empty database: migrations and seed run once, under the start-up lock.
    const started = Date.now();
    start(a);
    start(b);
    await Promise.all([untilUp(a), untilUp(b)]);
    console.info(`both instances answered /api/health ${((Date.now() - started) / 1000).toFixed(1)} s after they were started`);
    handle = await openDatabase({ databaseUrl: database.url });

    // Gloss Boss (the demo detailer) works every day, so that a job within 24 hours exists whatever the weekday.
    const cookie = await demoSignIn('detailer');
    const hours = await call(b, 'PUT', '/api/detailer/availability', {
      cookie,
      body: { rules: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 8 * 60, endMinute: 18 * 60 })) },
    });
    expect(hours.status, JSON.stringify(hours.body)).toBe(200);
    const me = (await call(a, 'GET', '/api/auth/user', { cookie })).body as { id: number };
    const [profile] = await handle.db.select({ id: detailers.id }).from(detailers).where(eq(detailers.userId, me.id));
    const listed = (await call(a, 'GET', `/api/detailers/${profile!.id}`)).body as {
      timeZone: string;
      offeredServices: Array<{ id: number; name: string }>;
    };
    detailer = {
      cookie,
      id: profile!.id,
      timeZone: listed.timeZone,
      serviceId: listed.offeredServices.find((s) => s.name === 'Basic Exterior Wash')!.id,
    };
  }, startLimitMs * 2);

  afterAll(async () => {
    await Promise.all(streams.map((stream) => stream.close()));
    // Always killed, whatever failed above; then the pools are gone and the database can go.
    await Promise.all([a, b].map((instance) => instance.server?.stop('SIGKILL')));
    await handle?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const bookingInput = (date: string, time: string) => ({
    detailerId: detailer.id,
    serviceId: detailer.serviceId,
    vehicleType: 'Sedan',
    date,
    time,
    address: '500 Howard St',
    city: 'San Francisco',
    zip: '94105',
  });
  /** The detailer's calendar day `days` from today (YYYY-MM-DD). */
  const dayAhead = (days: number) => dateInZone(new Date(Date.now() + days * 86_400_000), detailer.timeZone);

  it('1. a booking race split over both instances has exactly one winner per round; the other gets 409', async () => {
    const rounds = 6;
    for (let round = 0; round < rounds; round++) {
      // A fresh pair each round, so that no customer reaches the cap of unpaid holds.
      const [first, second] = [await newCustomer(a), await newCustomer(b)];
      const input = bookingInput(dayAhead(20 + round), '10:00 AM');
      const answers = await Promise.all([
        call(a, 'POST', '/api/bookings', { cookie: first.cookie, body: input }),
        call(b, 'POST', '/api/bookings', { cookie: second.cookie, body: input }),
      ]);
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses, `round ${round}: ${JSON.stringify(answers.map((x) => x.body))}`).toEqual([201, 409]);
      expect(answers.find((answer) => answer.status === 409)!.body).toMatchObject({ message: slotTakenMessage });
    }
    const held = await handle!.db
      .select({ startsAt: bookings.startsAt })
      .from(bookings)
      .where(and(eq(bookings.detailerId, detailer.id), eq(bookings.status, 'pending_payment')));
    expect(new Set(held.map((row) => row.startsAt.getTime())).size).toBe(rounds);
    expect(held).toHaveLength(rounds);
  });

  /** The demo customer's accepted booking within the next 24 hours (case 2 makes it; case 3 waits for its reminders). */
  let accepted: { id: number; customerId: number; detailerUserId: number } | undefined;

  it('2. a notification raised on A reaches a live stream open on B; the stream cap holds across both', async () => {
    const customer = await demoSignIn('customer');
    const stream = await openSseClient(`${base(b)}/api/notifications/stream`, customer);
    streams.push(stream);

    // The first free start at least an hour away, today or tomorrow in the detailer's zone: under 24 hours away.
    const slots: Array<{ date: string; time: string; startsAt: string; available: boolean }> = [];
    for (const date of [dayAhead(0), dayAhead(1)]) {
      const day = await call(a, 'GET', `/api/detailers/${detailer.id}/availability?date=${date}&serviceId=${detailer.serviceId}&zip=94105`);
      expect(day.status, JSON.stringify(day.body)).toBe(200);
      for (const slot of (day.body as { slots: typeof slots }).slots) slots.push({ ...slot, date });
    }
    const slot = slots.find((s) => s.available && Date.parse(s.startsAt) - Date.now() > 60 * 60_000);
    expect(slot, JSON.stringify(slots)).toBeDefined();
    const booked = await call(a, 'POST', '/api/bookings', { cookie: customer, body: bookingInput(slot!.date, slot!.time) });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const created = booked.body as { id: number; customerId: number };
    const intent = await call(b, 'POST', '/api/create-payment-intent', {
      cookie: customer,
      body: { bookingId: created.id, appliedCredits: 0 },
    });
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123', zip: '94105' };
    const paid = await call(b, 'POST', '/api/payments/test-gateway/confirm', {
      cookie: customer,
      body: { clientSecret: (intent.body as { clientSecret: string }).clientSecret, card },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);

    // The detailer accepts on A; the customer's stream is on B.
    const accept = await call(a, 'POST', `/api/bookings/${created.id}/accept`, { cookie: detailer.cookie });
    expect(accept.status, JSON.stringify(accept.body)).toBe(200);
    const heard = await stream.next((n) => n.title === 'Booking accepted' && n.entityId === String(created.id), 10_000);
    expect(heard).toMatchObject({ type: 'booking_update', userId: created.customerId });
    const detailerUser = (await call(a, 'GET', '/api/auth/user', { cookie: detailer.cookie })).body as { id: number };
    accepted = { id: created.id, customerId: created.customerId, detailerUserId: detailerUser.id };

    // The cap on live streams (maxStreamsPerAccount) is counted in Redis: full on A is full on B, and a stream closed
    // on A frees a place on B.
    const onA: SseClient[] = [];
    try {
      for (let n = 0; n < maxStreamsPerAccount; n++) onA.push(await openSseClient(`${base(a)}/api/notifications/stream`, detailer.cookie));
      await expect(openSseClient(`${base(a)}/api/notifications/stream`, detailer.cookie)).rejects.toThrow('stream answered 429');
      await expect(openSseClient(`${base(b)}/api/notifications/stream`, detailer.cookie)).rejects.toThrow('stream answered 429');
      await onA.pop()!.close();
      await expect
        .poll(async () => {
          const opened = await openSseClient(`${base(b)}/api/notifications/stream`, detailer.cookie).catch(() => null);
          if (opened) onA.push(opened);
          return opened !== null;
        })
        .toBe(true);
    } finally {
      await Promise.all(onA.map((open) => open.close()));
    }
  });

  it('4. the password-reset limit (10 per address in 15 minutes) is counted across A and B together', async () => {
    // The balancer's X-Forwarded-For (TRUST_PROXY=1): an address of its own each run, since the counts live in Redis.
    const client = { 'x-forwarded-for': `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}` };
    const statuses: number[] = [];
    for (let n = 0; n < 12; n++) {
      const answer = await call(n % 2 === 0 ? a : b, 'POST', '/api/auth/forgot-password', {
        body: { email: `someone-${n}@example.com` },
        headers: client,
      });
      statuses.push(answer.status);
    }
    // Each instance alone saw 6, under the limit: only a shared count refuses the 11th and 12th.
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
  });

  it('3. each scheduled job does its work once: one reminder per person and booking, one campaign notice per recipient', async () => {
    // Campaigns run every 2 s on both instances and claim batches of 50 with SKIP LOCKED: 120 recipients, 3 batches.
    const admin = await demoSignIn('admin');
    const day = '2001-01-07';
    const people = [];
    for (let n = 0; n < 120; n++)
      people.push(await createCustomer({ db: handle!.db, catalogCache: createCatalogCache() }, { password: undefined }));
    const ids = people.map((person) => person.id);
    await handle!.db
      .insert(notificationSettings)
      .values(ids.map((userId) => ({ userId, type: 'promotions' as const, inApp: true, push: false, email: false })));
    await handle!.db
      .update(users)
      .set({ createdAt: new Date(`${day}T12:00:00Z`) })
      .where(inArray(users.id, ids));
    const audience = await call(a, 'POST', '/api/admin/audiences', {
      cookie: admin,
      body: { name: 'Two instances', rules: { signedUpFrom: day, signedUpTo: day } },
    });
    expect(audience.status, JSON.stringify(audience.body)).toBe(201);
    const campaign = await call(b, 'POST', '/api/admin/campaigns', {
      cookie: admin,
      body: {
        name: 'Two instances',
        audienceId: (audience.body as { id: number }).id,
        channels: ['in_app'],
        subject: 'Shine twice?',
        body: 'Once only.',
      },
    });
    expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);
    const campaignId = (campaign.body as { id: number }).id;
    expect((await call(a, 'POST', `/api/admin/campaigns/${campaignId}/send`, { cookie: admin })).status).toBe(200);

    // Reminders run every minute on both; the first passes come a minute after start-up. Waited for, not timed.
    const remindersOf = () =>
      handle!.db
        .select({ userId: notifications.userId, title: notifications.title })
        .from(notifications)
        .where(and(eq(notifications.type, 'reminder'), eq(notifications.entityId, String(accepted!.id))));
    const promotionsOf = () =>
      handle!.db
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(and(eq(notifications.type, 'promotions'), eq(notifications.title, 'Shine twice?')));
    expect(accepted, 'case 2 made the accepted booking').toBeDefined();
    const waitUntil = Date.now() + 150_000;
    let status: string | undefined;
    for (;;) {
      status = ((await call(b, 'GET', `/api/admin/campaigns/${campaignId}`, { cookie: admin })).body as { status: string }).status;
      const reminded = new Set((await remindersOf()).map((row) => row.userId));
      if ((status === 'sent' && reminded.has(accepted!.customerId) && reminded.has(accepted!.detailerUserId)) || Date.now() > waitUntil)
        break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    // One more pass of every job on both instances, which must add nothing.
    await new Promise((resolve) => setTimeout(resolve, 4000));

    expect(status).toBe('sent');
    const recipients = await handle!.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, campaignId));
    expect(recipients.filter((r) => r.status === 'sent')).toHaveLength(120);
    const promoted = (await promotionsOf()).map((row) => row.userId).sort((x, y) => x - y);
    expect(promoted).toEqual([...ids].sort((x, y) => x - y));

    // One notice per person and reminder (the 24-hour one, or the 2-hour one if the job is that close), one per claim.
    const reminders = await remindersOf();
    const claims = await handle!.db.select().from(bookingReminders).where(eq(bookingReminders.bookingId, accepted!.id));
    const sent = reminders.map((row) => `${row.userId}: ${row.title}`);
    expect(new Set(sent).size, sent.join(', ')).toBe(sent.length);
    expect(reminders).toHaveLength(claims.length);
    expect(new Set(reminders.map((row) => row.userId))).toEqual(new Set([accepted!.customerId, accepted!.detailerUserId]));
  }, 200_000);

  type Written = { id: number; label: string; userId: number };

  /**
   * Customers sending requests one after another (each its own stream) until `finished` resolves: `send` makes the n-th
   * request of a writer. A 201 is an acknowledged write (remembered, to look for in the database), a 200 an answered
   * read; anything else, a connection error included, is noted as a failure and the writer goes on.
   */
  async function steadyLoad(
    writers: Array<{ cookie: string; userId: number }>,
    finished: Promise<void>,
    send: (n: number, label: string, cookie: string) => Promise<Answer>,
  ) {
    let done = false;
    void finished.then(() => (done = true));
    const acknowledged: Written[] = [];
    const failures: string[] = [];
    let reads = 0;
    await Promise.all(
      writers.map(async (writer, w) => {
        for (let n = 0; !done; n++) {
          const label = `W${w}-${n}`;
          try {
            const answer = await send(n + w, label, writer.cookie);
            if (answer.status === 201) acknowledged.push({ id: (answer.body as { id: number }).id, label, userId: writer.userId });
            else if (answer.status === 200) reads += 1;
            else failures.push(`${label}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
          } catch (error) {
            failures.push(`${label}: ${failureCode(error)}`);
          }
          // A steady stream, not a flood: the restarts share these two cores with it.
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }),
    );
    return { acknowledged, failures, reads };
  }
  const addPlace = (instance: Instance, label: string, cookie: string) =>
    call(instance, 'POST', '/api/addresses', { cookie, body: { label, address: '500 Howard St', city: 'San Francisco', zip: '94105' } });

  /** Every acknowledged write is in the database, as answered (its id, label and customer). */
  async function expectAllStored(acknowledged: Written[]) {
    const stored = await handle!.db
      .select({ id: savedAddresses.id, label: savedAddresses.label, userId: savedAddresses.customerId })
      .from(savedAddresses)
      .where(
        inArray(
          savedAddresses.id,
          acknowledged.map((write) => write.id),
        ),
      );
    const byId = new Map(stored.map((row) => [row.id, row]));
    const missing = acknowledged.filter(
      (write) => byId.get(write.id)?.label !== write.label || byId.get(write.id)?.userId !== write.userId,
    );
    expect(missing, 'acknowledged writes missing from the database').toEqual([]);
  }

  async function writers(count: number) {
    const list = [];
    for (let n = 0; n < count; n++) {
      const { user, cookie } = await newCustomer(n % 2 === 0 ? a : b);
      list.push({ cookie, userId: user.id });
    }
    return list;
  }
  const until = (predicate: () => boolean) =>
    (async () => {
      while (!predicate()) await new Promise((resolve) => setTimeout(resolve, 20));
    })();

  it(
    '5. a SIGKILL of B under write load loses no acknowledged write',
    async () => {
      let stopLoad!: () => void;
      const stopped = new Promise<void>((resolve) => (stopLoad = resolve));
      let acks = 0;
      const load = steadyLoad(await writers(4), stopped, async (n, label, cookie) => {
        const answer = await addPlace(n % 2 === 0 ? a : b, label, cookie);
        if (answer.status === 201) acks += 1;
        return answer;
      });
      // Killed mid-stream with writes in flight on it; A takes 20 more, then the load stops.
      await until(() => acks >= 40);
      await b.server!.stop('SIGKILL');
      const atKill = acks;
      await until(() => acks >= atKill + 20);
      stopLoad();
      const { acknowledged, failures } = await load;
      console.info(`SIGKILL under load: ${acknowledged.length} writes acknowledged, ${failures.length} failed on the killed instance`);
      await expectAllStored(acknowledged);
      // Only the killed instance's requests failed, and as connection errors: A answered every one of its own.
      expect(failures.filter((failure) => failure.includes('HTTP'))).toEqual([]);

      start(b);
      await untilUp(b);
    },
    startLimitMs + 60_000,
  );

  it(
    '6. a rolling restart (SIGTERM A, start A, then B) under a steady stream of requests loses none',
    async () => {
      /**
       * The balancer: round robin over the instances its health check finds in rotation (GET /api/health answering 200,
       * checked every 100 ms), and once on the other instance when this one refused the connection (it is down) or
       * answered 503 with Retry-After (it is draining: the request was turned away before it ran). A 503 without
       * Retry-After, a reset connection or any other error is a lost request.
       */
      const inRotation = new Map<Instance, boolean>([
        [a, true],
        [b, true],
      ]);
      const checkHealth = () =>
        Promise.all(
          [a, b].map((instance) =>
            call(instance, 'GET', '/api/health').then(
              (answer) => inRotation.set(instance, answer.status === 200),
              () => inRotation.set(instance, false),
            ),
          ),
        );
      const healthChecks = setInterval(() => void checkHealth(), 100);
      const balanced = async (n: number, label: string, cookie: string) => {
        const [preferred, other] = n % 2 === 0 ? [a, b] : [b, a];
        const [first, second] = inRotation.get(preferred) || !inRotation.get(other) ? [preferred, other] : [other, preferred];
        // Every third request a read, the others writes.
        const send = (instance: Instance) =>
          n % 3 === 0 ? call(instance, 'GET', '/api/addresses', { cookie }) : addPlace(instance, label, cookie);
        let answer: Answer;
        try {
          answer = await send(first);
        } catch (error) {
          if (failureCode(error) !== 'ECONNREFUSED') throw error;
          return send(second);
        }
        return answer.status === 503 && answer.retryAfter !== undefined ? send(second) : answer;
      };
      let stopLoad!: () => void;
      const stopped = new Promise<void>((resolve) => (stopLoad = resolve));
      const load = steadyLoad(await writers(3), stopped, balanced);
      const steps: string[] = [];
      try {
        for (const instance of [a, b]) {
          await new Promise((resolve) => setTimeout(resolve, 1000));
          const stopping = Date.now();
          await instance.server!.stop('SIGTERM');
          steps.push(
            `${instance.name} exited ${instance.server!.child.exitCode ?? instance.server!.child.signalCode} after ${Date.now() - stopping} ms`,
          );
          const starting = Date.now();
          start(instance);
          await untilUp(instance);
          steps.push(`${instance.name} up again after ${((Date.now() - starting) / 1000).toFixed(1)} s`);
        }
        await new Promise((resolve) => setTimeout(resolve, 1000));
      } finally {
        stopLoad();
        clearInterval(healthChecks);
      }
      const { acknowledged, failures, reads } = await load;
      console.info(
        `rolling restart (${steps.join(', ')}): ${acknowledged.length} writes and ${reads} reads answered, ${failures.length} lost`,
      );
      await expectAllStored(acknowledged);
      // Every request answered: no connection error besides a refusal retried on the other instance, no 5xx (a 503
      // without Retry-After is Fastify closing with no drain: the request was dropped, not handed elsewhere).
      expect(failures, 'requests lost during the rolling restart (connection errors, or statuses other than 200/201)').toEqual([]);
    },
    startLimitMs * 2 + 60_000,
  );
});
