import { get, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.ts';
import { createCatalogCache } from '../../server/catalog/catalog-cache.ts';
import { createCustomer, testPassword } from '../factories/index.ts';
import { startServerProcess, type ServerProcess } from '../factories/server-process.ts';
import { createPostgresDatabase } from './test-app.ts';

// Decision 041: SIGTERM drains. server/main.ts runs as a child process, as `npm start` runs it (without the client
// build), on a new PostgreSQL database holding one customer made here beforehand: no demo seed (its six months of
// history take minutes on a busy machine), so the embedded database, which one process holds, cannot be used.

const drainLimitMs = 10_000;

/** One HTTP/1.1 answer read off a raw socket that the server closes after it. */
type RawAnswer = { status: number; headers: Record<string, string>; body: string };

function readToEnd(socket: Socket): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let text = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** The first answer on a kept-alive socket, read by its Content-Length; the socket stays open. */
function readOneAnswer(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(text)?.[1];
      if (end >= 0 && length !== undefined && text.length >= end + 4 + Number(length)) {
        socket.off('data', onData);
        resolve(text);
      }
    };
    socket.on('data', onData);
  });
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('SIGTERM drains the server (server/main.ts in a child process)', () => {
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let server: ServerProcess | undefined;
  let port = 0;
  let email = '';

  beforeAll(async () => {
    postgres = await createPostgresDatabase();
    const database = await openDatabase({ databaseUrl: postgres.url });
    email = (await createCustomer({ db: database.db, catalogCache: createCatalogCache() })).email;
    await database.close();
    server = startServerProcess({ DATABASE_URL: postgres.url, DEMO_MODE: 'false', SEED_CATALOG: 'false' }, { logs: true });
    port = await server.listening();
  }, 120_000);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await postgres?.drop();
  });

  it('lets a running request finish, refuses new work, ends live streams with a retry hint and exits 0', async () => {
    const { child, exited } = server!;
    const body = JSON.stringify({ email, password: testPassword });
    const signIn = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');

    // An open live stream.
    const stream = await new Promise<IncomingMessage>((resolve) =>
      get({ host: '127.0.0.1', port, path: '/api/notifications/stream', headers: { cookie } }, resolve),
    );
    expect(stream.statusCode).toBe(200);
    let streamText = '';
    const streamEnded = new Promise<void>((resolve) =>
      stream
        .setEncoding('utf8')
        .on('data', (chunk: string) => (streamText += chunk))
        .on('end', resolve),
    );

    // A request in flight: its headers are in (Fastify has routed it), half its body is not.
    const slow = await openSocket(port);
    const slowAnswer = readToEnd(slow);
    slow.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );

    // A kept-alive connection that has had one answer and has begun its next request.
    const keptAlive = await openSocket(port);
    keptAlive.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(await readOneAnswer(keptAlive)).toMatch(/^HTTP\/1\.1 200 /);
    const keptAliveAnswer = readToEnd(keptAlive);
    keptAlive.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    // Both requests have reached the server before the signal.
    await fetch(`http://127.0.0.1:${port}/api/health`);

    const signalled = Date.now();
    child.kill('SIGTERM');

    await streamEnded;
    expect(streamText).toMatch(/^retry: 3000\n\n: connected\n\n/);
    expect(streamText).toMatch(/\nretry: \d{4}\n: closing\n\n$/);

    // The request that arrives on the kept-alive connection during the drain is turned away, to be retried elsewhere.
    keptAlive.write('\r\n');
    const turnedAway = await keptAliveAnswer;
    expect(turnedAway.status).toBe(503);
    expect(turnedAway.headers['retry-after']).toBe('5');
    expect(turnedAway.headers.connection).toBe('close');

    // The running request finishes, and its connection closes behind it.
    slow.write(body.slice(5));
    const finished = await slowAnswer;
    expect(finished.status).toBe(200);
    expect(finished.body).toContain(email);
    expect(finished.headers.connection).toBe('close');

    // A new connection is refused: the server no longer listens.
    await expect(openSocket(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(drainLimitMs);
    const logged = server!.stdout() + server!.stderr();
    expect(logged).toContain('SIGTERM: draining');
    expect(logged).toContain('"msg":"drained"');
  }, 60_000);

  it('with DRAIN_NOTICE_MS, keeps serving while /api/health tells the balancer it is leaving, then stops listening', async () => {
    const noticeMs = 3000;
    const noticed = startServerProcess(
      { DATABASE_URL: postgres.url, DEMO_MODE: 'false', SEED_CATALOG: 'false', DRAIN_NOTICE_MS: String(noticeMs) },
      { logs: true },
    );
    try {
      const noticedPort = await noticed.listening();
      const url = `http://127.0.0.1:${noticedPort}`;
      expect((await fetch(`${url}/api/health`)).status).toBe(200);

      const signalled = Date.now();
      noticed.child.kill('SIGTERM');
      // Wait for the drain to begin: the health check turns.
      let health = await fetch(`${url}/api/health`);
      while (health.status === 200 && Date.now() - signalled < noticeMs) health = await fetch(`${url}/api/health`);
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({ ok: false, draining: true });

      // A request that still comes is served, and its connection closes behind it.
      const signIn = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: testPassword }),
      });
      expect(signIn.status).toBe(200);
      expect(signIn.headers.get('connection')).toBe('close');

      // After the notice the server stops listening and exits 0.
      expect(await noticed.exited).toBe(0);
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(noticeMs);
      await expect(openSocket(noticedPort)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    } finally {
      await noticed.stop('SIGKILL');
    }
  }, 60_000);
});
