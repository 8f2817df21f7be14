import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { createRedisBus } from '../../server/notifications/realtime/redis-bus.ts';
import { UnavailableError } from '../../server/startup.ts';
import { freePort, startServerProcess } from '../factories/server-process.ts';
import { createPostgresDatabase } from './test-app.ts';

// Decision 011: a start-up that cannot succeed ends within 15 s with one line on stderr naming the variable, and
// a lost PostgreSQL connection never crashes the process.

const testDatabaseUrl = process.env.TEST_DATABASE_URL;
const exitLimitMs = 15_000;

type Outcome = { code: number | null; stderrLines: string[]; elapsedMs: number };

/** Runs server/main.ts with only the given environment, to its exit. */
async function startServer(env: Record<string, string>): Promise<Outcome> {
  const started = Date.now();
  const server = startServerProcess(env);
  // A start-up that hangs is killed well after the limit, so that the assertion (not the test timeout) reports it.
  const kill = setTimeout(() => server.child.kill('SIGKILL'), exitLimitMs + 10_000);
  const code = await server.exited;
  clearTimeout(kill);
  return {
    code,
    stderrLines: server
      .stderr()
      .split('\n')
      .filter((line) => line.trim() !== ''),
    elapsedMs: Date.now() - started,
  };
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/** Runs the tasks at most `limit` at a time (2 shared cores: the spawned servers must not starve each other). */
async function inBatches<T>(tasks: Array<() => Promise<T>>, limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]!();
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

/** The outcome shows an expected failure: exit 1 within the limit, one line matching, no stack frame. */
function expectOneLineFailure(outcome: Outcome, line: RegExp) {
  expect(outcome.stderrLines).toHaveLength(1);
  expect(outcome.stderrLines[0]).toMatch(line);
  expect(outcome.stderrLines.join('\n')).not.toMatch(/^\s+at /m);
  expect(outcome.code).toBe(1);
  expect(outcome.elapsedMs).toBeLessThan(exitLimitMs);
}

describe('start-up failures (server/main.ts in a child process)', () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'glossly-startup-'));
  const silentSockets = new Set<Socket>();
  /** Accepts connections and never says a word: a database or Redis that hangs. */
  const silentServer = createServer((socket) => silentSockets.add(socket));
  const portHolder = createServer();
  const outcomes = new Map<string, Outcome>();
  const ports = { closed: 0, silent: 0, held: 0 };

  beforeAll(async () => {
    ports.closed = await freePort();
    ports.silent = await listen(silentServer);
    ports.held = await listen(portHolder);
    writeFileSync(path.join(tmp, 'a-file'), 'not a folder');

    const missingDatabase = testDatabaseUrl ? new URL(testDatabaseUrl) : undefined;
    if (missingDatabase) missingDatabase.pathname = '/glossly_no_such_database';
    // The slowest (waiting out a connect timeout) first.
    const cases: Record<string, Record<string, string>> = {
      'silent database': { DATABASE_URL: `postgres://postgres@127.0.0.1:${ports.silent}/glossly` },
      'closed Redis port': { DATA_DIR: path.join(tmp, 'redis-case'), REDIS_URL: `redis://127.0.0.1:${ports.closed}` },
      ...(missingDatabase ? { 'missing database': { DATABASE_URL: missingDatabase.toString() } } : {}),
      'closed database port': { DATABASE_URL: `postgres://postgres@127.0.0.1:${ports.closed}/glossly` },
      'port in use': { PORT: String(ports.held), DATA_DIR: path.join(tmp, 'port-case') },
      'data folder is a file': { DATA_DIR: path.join(tmp, 'a-file') },
      'bad value': { PORT: 'eighty' },
      // Decision 041's checks.
      'data folder that takes no files': { DATA_DIR: '/proc/glossly-data' },
      'closed S3 port': {
        DATA_DIR: path.join(tmp, 's3-case'),
        S3_BUCKET: 'glossly-images',
        S3_ENDPOINT: `http://127.0.0.1:${ports.closed}`,
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      },
      'public address with a path': { PUBLIC_URL: 'https://glossly.example/app' },
      'admin emails separated by semicolons': { ADMIN_EMAILS: 'boss@example.com; ops@example.com' },
      'VAPID key of the wrong length': { VAPID_PUBLIC_KEY: 'B'.repeat(80), VAPID_PRIVATE_KEY: 'A'.repeat(43) },
      'OpenID issuer over plain http': { OIDC_ISSUER: 'http://accounts.example.com' },
    };
    // Two at a time: more would starve each other of CPU on a 2-core machine and blur the timings.
    const names = Object.keys(cases);
    const results = await inBatches(
      names.map((name) => () => startServer(cases[name]!)),
      2,
    );
    names.forEach((name, index) => outcomes.set(name, results[index]!));
    // The measured times, for the record (docs/decisions/011).
    console.info(Object.fromEntries([...outcomes].map(([name, outcome]) => [name, `${outcome.elapsedMs} ms`])));
    // Thirteen cases two at a time, each loading the server's code: minutes on a busy machine.
  }, 300_000);

  afterAll(async () => {
    for (const socket of silentSockets) socket.destroy();
    await new Promise((resolve) => silentServer.close(resolve));
    await new Promise((resolve) => portHolder.close(resolve));
    rmSync(tmp, { recursive: true, force: true });
  });

  it('an unreachable PostgreSQL (closed port) stops start-up naming DATABASE_URL', () => {
    expectOneLineFailure(
      outcomes.get('closed database port')!,
      new RegExp(`^Cannot start: DATABASE_URL: could not connect to 127\\.0\\.0\\.1:${ports.closed} \\(ECONNREFUSED\\)$`),
    );
  });

  it('a database server that accepts and never answers stops start-up after the connect timeout', () => {
    expectOneLineFailure(
      outcomes.get('silent database')!,
      new RegExp(`^Cannot start: DATABASE_URL: no answer from 127\\.0\\.0\\.1:${ports.silent} within 5 s$`),
    );
  });

  it.skipIf(!testDatabaseUrl)('a database that does not exist stops start-up naming DATABASE_URL', () => {
    expectOneLineFailure(
      outcomes.get('missing database')!,
      /^Cannot start: DATABASE_URL: .* database "glossly_no_such_database" does not exist$/,
    );
  });

  it('an unreachable Redis (closed port) stops start-up naming REDIS_URL', () => {
    expectOneLineFailure(
      outcomes.get('closed Redis port')!,
      new RegExp(`^Cannot start: REDIS_URL: could not connect to 127\\.0\\.0\\.1:${ports.closed} \\(ECONNREFUSED\\)$`),
    );
  });

  it('a port in use stops start-up naming PORT', () => {
    expectOneLineFailure(outcomes.get('port in use')!, new RegExp(`^Cannot start: PORT ${ports.held} is already in use$`));
  });

  it('a DATA_DIR that is a file stops start-up naming DATA_DIR', () => {
    expectOneLineFailure(outcomes.get('data folder is a file')!, /^Cannot start: DATA_DIR .*a-file is a file, not a folder$/);
  });

  it('a bad configuration value stops start-up naming the variable', () => {
    expectOneLineFailure(outcomes.get('bad value')!, /^Cannot start: Invalid environment variable PORT: /);
  });

  it('a DATA_DIR that takes no files stops start-up naming DATA_DIR, instead of hanging', () => {
    expectOneLineFailure(
      outcomes.get('data folder that takes no files')!,
      /^Cannot start: DATA_DIR \/proc\/glossly-data is not a folder this process can write to \(ENOENT\)$/,
    );
  });

  it('an unreachable S3 endpoint stops start-up naming S3_ENDPOINT', () => {
    expectOneLineFailure(
      outcomes.get('closed S3 port')!,
      new RegExp(`^Cannot start: S3_ENDPOINT: could not connect to 127\\.0\\.0\\.1:${ports.closed} \\(ECONNREFUSED\\)$`),
    );
  });

  it('a PUBLIC_URL with a path, malformed ADMIN_EMAILS, a VAPID key that is no P-256 key and a plain-http OpenID issuer stop start-up', () => {
    expectOneLineFailure(
      outcomes.get('public address with a path')!,
      /^Cannot start: Invalid environment variable PUBLIC_URL: must be an origin only/,
    );
    expectOneLineFailure(
      outcomes.get('admin emails separated by semicolons')!,
      /^Cannot start: Invalid environment variable ADMIN_EMAILS: must be email addresses separated by commas/,
    );
    expectOneLineFailure(
      outcomes.get('VAPID key of the wrong length')!,
      /^Cannot start: Invalid environment variable VAPID_PUBLIC_KEY: must be a URL-safe base64 P-256 public key/,
    );
    expectOneLineFailure(
      outcomes.get('OpenID issuer over plain http')!,
      /^Cannot start: Invalid environment variable OIDC_ISSUER: must be an https:\/\/ address/,
    );
  });
});

describe('Redis first connection', () => {
  it('gives up on a server that accepts and never answers, saying so', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    const port = await listen(silent);
    try {
      const started = Date.now();
      const failure = await createRedisBus(`redis://127.0.0.1:${port}`, { connectTimeoutMs: 300 }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(UnavailableError);
      expect((failure as UnavailableError).message).toBe(`no answer from 127.0.0.1:${port} within 0.3 s`);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

const testRedisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!testRedisUrl)('Redis connection lost after start-up', () => {
  it('is retried, not fatal: the bus re-subscribes and delivers again', async () => {
    // A TCP relay in front of the real Redis, so that the test can cut every connection.
    const upstream = new URL(testRedisUrl!);
    const sockets = new Set<Socket>();
    const relay = createServer((client) => {
      const server = connect(Number(upstream.port || 6379), upstream.hostname);
      for (const socket of [client, server]) {
        sockets.add(socket);
        socket.on('error', () => undefined);
        socket.on('close', () => sockets.delete(socket));
      }
      client.pipe(server).pipe(client);
    });
    const port = await listen(relay);
    const errors: Error[] = [];
    const bus = await createRedisBus(`redis://127.0.0.1:${port}`, { onError: (error) => errors.push(error) });
    try {
      const heard: string[] = [];
      await bus.subscribe('glossly:test:reconnect', (message) => heard.push(message));
      for (const socket of sockets) socket.destroy();
      for (let attempt = 0; !heard.includes('again') && attempt < 100; attempt++) {
        await bus.publish('glossly:test:reconnect', 'again').catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(heard).toContain('again');
    } finally {
      await bus.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => relay.close(resolve));
    }
  });
});

/** The rows of a raw query (the shared Database type does not know node-postgres's result shape). */
async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe.skipIf(!testDatabaseUrl)('a PostgreSQL pool that loses connections', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let admin: pg.Client;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await database.drop();
  });

  it('sets the statement and idle-in-transaction timeouts on every connection', async () => {
    const handle = await openDatabase({ databaseUrl: database.url });
    try {
      const setting = async (name: string) => (await rowsOf<Record<string, string>>(handle.db, sql.raw(`SHOW ${name}`)))[0]![name];
      expect(await setting('statement_timeout')).toBe('15s');
      expect(await setting('idle_in_transaction_session_timeout')).toBe('30s');
    } finally {
      await handle.close();
    }
  });

  it('survives a backend killed under a checked-out client, and the pool replaces it', async () => {
    const lost: Error[] = [];
    const handle = await openDatabase({ databaseUrl: database.url, onConnectionError: (error) => lost.push(error) });
    try {
      // Inside a transaction the client is checked out of the pool: its 'error' used to go unhandled and end the process.
      const inTransaction = handle.db.transaction(async (tx) => {
        const [backend] = await rowsOf<{ pid: number }>(tx as unknown as Database, sql`SELECT pg_backend_pid() AS pid`);
        await admin.query('SELECT pg_terminate_backend($1)', [backend!.pid]);
        for (let waited = 0; lost.length === 0 && waited < 5000; waited += 20) await new Promise((r) => setTimeout(r, 20));
        await tx.execute(sql`SELECT 1`);
      });
      await expect(inTransaction).rejects.toThrow();
      expect(lost.length).toBeGreaterThan(0);

      // The pool replaced it: queries work again, and again after every idle connection is killed too.
      expect(await rowsOf(handle.db, sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [
        new URL(database.url).pathname.slice(1),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await rowsOf(handle.db, sql`SELECT 2 AS two`)).toEqual([{ two: 2 }]);
    } finally {
      await handle.close();
    }
  });
});
