import { randomBytes } from 'node:crypto';
import type { Agent } from 'node:https';
import pg from 'pg';
import type { Logger } from 'drizzle-orm/logger';
import { afterAll, beforeAll, expect } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { bookingMoveFollowers, buildApp, createCollaborators } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../../server/db/client.ts';
import type { Clock } from '../../server/clock.ts';
import type { Booking } from '@core/schemas/booking.ts';
import type { LiveChange } from '@core/schemas/live-change.ts';
import type { Notification } from '@core/schemas/notification.ts';
import { createAppContext, type AppContext, type AppContextParts, type Collaborators, type LiveAudience } from '../../server/context.ts';
import { createCatalogCache } from '../../server/catalog/catalog-cache.ts';
import { createMailer } from '../../server/notifications/mailer.ts';
import { applyMoneyEffect } from '../../server/payments/payment-service.ts';
import type { PaymentGateway } from '../../server/payments/gateways/gateway.ts';
import { sessionCookieName } from '../../server/identity/auth-plugin.ts';
import type { LogStream } from '../../server/http/logger.ts';
import { createSession } from '../../server/identity/session-service.ts';
import { bookingRequest, createAdmin, createCustomer, createDetailer } from '../factories/index.ts';
import { openSseClient, type SseClient } from './sse-client.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; real PostgreSQL too when TEST_DATABASE_URL points at a server (CI sets it). */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** A new, empty database on the TEST_DATABASE_URL server, and the way to drop it once every pool is closed. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `glossly_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  // A throwaway database need not wait for the disk at each commit: with both test forks and a client build
  // writing at once, fsync stalls made 49 of 50 concurrent bookings wait past the pool's 30 s (CI, twice).
  await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      // pool.end() resolves before its sockets have closed; dropping WITH (FORCE) then would kill a closing
      // client and crash the test run with an unhandled error. Wait for them to go instead (5 s at most).
      for (let attempt = 0; attempt < 100; attempt++) {
        const { rows } = await dropper.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await dropper.query(`DROP DATABASE IF EXISTS ${name}`);
      await dropper.end();
    },
  };
}

/**
 * A fresh database of the kind asked for; PostgreSQL ones are created here and dropped by close(). `logger` is told
 * every statement Drizzle runs (a test counting what a request costs).
 */
export async function createTestDatabase(kind: DatabaseKind, { logger }: { logger?: Logger } = {}): Promise<DatabaseHandle> {
  if (kind === 'pglite') return openDatabase({ dataDir: undefined, logger });
  const database = await createPostgresDatabase();
  const handle = await openDatabase({ databaseUrl: database.url, logger });
  return {
    ...handle,
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}

/** A clock the test moves by hand. */
export function createTestClock(
  start = new Date('2026-11-23T16:00:00Z'),
): Clock & { set: (d: Date) => void; advance: (ms: number) => void } {
  let current = start;
  return {
    now: () => current,
    set: (date) => {
      current = date;
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}

export type TestApp = {
  app: FastifyInstance;
  db: Database;
  /** The app's own context (the one its routes use): call services with it directly. */
  ctx: AppContext;
  config: Config;
  close: () => Promise<void>;
};

export type TestAppOptions = {
  env?: Record<string, string>;
  clock?: Clock;
  pushAgent?: Agent;
  logStream?: LogStream;
  /** Collaborators in place of the configuration's (a loopback Stripe Billing, a forecast that fails...). */
  collaborators?: Partial<Collaborators>;
  /** Told every statement the app runs (a test counting what an operation costs). */
  logger?: Logger;
};

/** The real app on a fresh database, as main.ts builds it, minus the listening socket. */
export async function createTestApp(kind: DatabaseKind, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase(kind, { logger: options.logger });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env });
  const { clock, pushAgent, logStream, collaborators } = options;
  const app = await buildApp({ config, database, clock, pushAgent, logStream, collaborators });
  return {
    app,
    db: database.db,
    ctx: app.ctx,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * A context for a test database without an app: the real services, the real money-effect handler and catalog
 * cache, and fakes only at the edges, which the test passes (a gateway; the notification publisher records
 * and change publishers record by default; the mailer only writes the outbox; the other collaborators are the test
 * configuration's, as createCollaborators makes them, unless passed).
 */
export function createTestContext(
  db: Database,
  edges: { gateway: PaymentGateway; clock?: Clock } & Partial<Omit<AppContextParts, 'db' | 'gateway' | 'clock'>>,
): AppContext & { published: Parameters<AppContext['publishNotification']>[0][]; changes: PublishedChange[] } {
  const clock = edges.clock ?? createTestClock();
  const published: Parameters<AppContext['publishNotification']>[0][] = [];
  const changes: PublishedChange[] = [];
  const config = edges.config ?? loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const ctx = createAppContext({
    config,
    mailer: createMailer({ from: 'test@glossly.test', log: quietLog, clock }),
    publishNotification: (delivery) => published.push(delivery),
    publishChange: (change, audience) => changes.push({ change, audience }),
    catalogCache: createCatalogCache(),
    onMoneyEffect: applyMoneyEffect,
    bookingMoveFollowers,
    log: quietLog,
    ...createCollaborators(config, { db, gateway: edges.gateway, log: edges.log ?? quietLog }, edges),
    ...edges,
    db,
    clock,
  });
  return Object.assign(ctx, { published, changes });
}

/** A live change a test context recorded instead of publishing. */
export type PublishedChange = { change: LiveChange; audience: LiveAudience };

/** The session cookie's `name=value` from a sign-in response, to send back as a browser would. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === sessionCookieName);
  if (!cookie) throw new Error(`no session cookie in ${response.statusCode} ${response.body}`);
  return `${sessionCookieName}=${cookie.value}`;
}

/** The Cookie header of a fresh session for a user, as if they had signed in (the one test-login helper). */
export async function signedInCookie(db: Database, user: { id: number }, now = new Date()): Promise<string> {
  const { token } = await createSession(db, user.id, now);
  return `${sessionCookieName}=${token}`;
}

/**
 * The app of a describe block on the clock given: built in beforeAll (with `options`, or what the function gives then,
 * say a folder an earlier hook made) and closed in afterAll. Its parts are read through getters, so only inside tests
 * and hooks; `call` and `cookieFor` are createCaller's requests to it.
 */
export function useTestApp(
  kind: DatabaseKind,
  clock: Clock,
  options: Omit<TestAppOptions, 'clock'> | (() => Omit<TestAppOptions, 'clock'>) = {},
) {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { ...(typeof options === 'function' ? options() : options), clock });
  });
  afterAll(() => t?.close());
  const { call, cookieFor } = createCaller(() => t, clock);
  return {
    call,
    cookieFor,
    get app() {
      return t.app;
    },
    get ctx() {
      return t.ctx;
    },
    get db() {
      return t.db;
    },
    get config() {
      return t.config;
    },
  };
}

/** The app of a describe block, as useTestApp gives it. */
export type DescribedTestApp = ReturnType<typeof useTestApp>;

/**
 * Requests to the app as a user, signed in once (a session made at the clock's time, then reused), or with null
 * as no one. `app` is read at each request, so a describe block can build its app in beforeAll.
 */
export function createCaller(app: () => Pick<TestApp, 'app' | 'db'>, clock: Clock) {
  const cookies = new Map<number, string>();

  async function cookieFor(user: { id: number }) {
    let cookie = cookies.get(user.id);
    if (!cookie) {
      cookie = await signedInCookie(app().db, user, clock.now());
      cookies.set(user.id, cookie);
    }
    return cookie;
  }

  async function call(user: { id: number } | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) {
    const headers: Record<string, string> = user ? { cookie: await cookieFor(user) } : {};
    return app().app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  }

  return { cookieFor, call };
}

/**
 * The people of a live-stream test, each signed in with the stream open, on an app of its own that listens (built
 * before the describe block's tests and closed after them): a customer, a bystander (another customer), an admin,
 * the detailer the customer books and another detailer. Each stream collects its `eventName` events
 * (notifications by default). `book` holds a slot of the detailer's service for the customer; `call` POSTs as a user.
 */
export function useStreamingCast<T = Notification>(kind: DatabaseKind, clock: Clock, eventName?: string) {
  const t = useTestApp(kind, clock);
  let cast: Awaited<ReturnType<typeof openCast<T>>>;
  beforeAll(async () => {
    cast = await openCast<T>(t, eventName);
  });
  // Registered after the app's own hook, so it runs first: the streams close before the app does.
  afterAll(() => cast?.close());
  return {
    t,
    get customer() {
      return cast.customer;
    },
    get bystander() {
      return cast.bystander;
    },
    get admin() {
      return cast.admin;
    },
    get detailer() {
      return cast.detailer;
    },
    get otherDetailer() {
      return cast.otherDetailer;
    },
    /** The user's open stream. */
    stream: (user: { id: number }) => cast.streams.get(user.id)!,
    /** The user's session cookie. */
    cookie: (user: { id: number }) => cast.cookies.get(user.id)!,
    call: (user: { id: number }, url: string, payload?: object) => cast.call(user, url, payload),
    book: (date: string, time: string) => cast.book(date, time),
  };
}

async function openCast<T>(t: DescribedTestApp, eventName?: string) {
  const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const customer = await createCustomer(t.ctx, { password: undefined });
  const bystander = await createCustomer(t.ctx, { password: undefined });
  const admin = await createAdmin(t.ctx, { password: undefined });
  const detailer = await createDetailer(t.ctx);
  const otherDetailer = await createDetailer(t.ctx);
  const cookies = new Map<number, string>();
  const streams = new Map<number, SseClient<T>>();
  for (const user of [customer, bystander, admin, detailer.user, otherDetailer.user]) {
    const cookie = await signedInCookie(t.db, user);
    cookies.set(user.id, cookie);
    streams.set(user.id, await openSseClient<T>(`${baseUrl}/api/notifications/stream`, cookie, eventName));
  }

  const call = (user: { id: number }, url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: cookies.get(user.id)! }, payload });

  async function book(date: string, time: string): Promise<number> {
    const response = await call(customer, '/api/bookings', bookingRequest(detailer, date, time));
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as Booking).id;
  }

  return {
    customer,
    bystander,
    admin,
    detailer,
    otherDetailer,
    cookies,
    streams,
    call,
    book,
    async close() {
      for (const stream of streams.values()) await stream.close();
    },
  };
}
