import Fastify, { type FastifyInstance } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import type { DatabaseHandle } from '../../server/db/client.ts';
import { registerErrorHandler } from '../../server/http/error-handler.ts';
import { loggerOptions, serializeError } from '../../server/http/logger.ts';
import { createCustomer } from '../factories/index.ts';
import { createTestClock, createTestDatabase, databaseKinds, signedInCookie } from './test-app.ts';

type LogLine = { level: number; msg?: string; err?: { message?: string; type?: string } } & Record<string, unknown>;

/** Log lines written to a stream the test holds: what production would print. */
function logCapture() {
  const lines: string[] = [];
  return {
    stream: { write: (line: string) => void lines.push(line) },
    text: () => lines.join(''),
    parsed: () => lines.map((line) => JSON.parse(line) as LogLine),
  };
}

const errorBody = (body: string) => JSON.parse(body) as { code: string; message: string };

describe.each(databaseKinds)('errors and logs on %s', (kind) => {
  const clock = createTestClock();
  const log = logCapture();
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let cookie: string;
  let userId: number;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' }), database, clock, logStream: log.stream });
    const customer = await createCustomer(app.ctx);
    userId = customer.id;
    cookie = await signedInCookie(database.db, customer, clock.now());
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("Fastify's own 4xx answers are { code, message } with the app's codes", async () => {
    const post = (payload: string, contentType = 'application/json') =>
      app.inject({ method: 'POST', url: '/api/bookings', payload, headers: { 'content-type': contentType, cookie } });
    const cases = [
      [await post('{"detailerId": '), 400, 'bad_request'],
      [await post(''), 400, 'bad_request'],
      [await post('{"__proto__": {"isAdmin": true}}'), 400, 'bad_request'],
      [await post('<detailerId>1</detailerId>', 'application/xml'), 415, 'unsupported_media_type'],
      [await post(JSON.stringify({ notes: 'x'.repeat(100_000) })), 413, 'payload_too_large'],
      [await app.inject({ method: 'GET', url: '/api/no-such-thing' }), 404, 'not_found'],
      [await app.inject({ method: 'DELETE', url: '/api/health' }), 404, 'not_found'],
      [await app.inject({ method: 'GET', url: '/api/bookings/%E0%A4%A' }), 400, 'bad_request'],
      [await app.inject({ method: 'GET', url: `/api/bookings/${'9'.repeat(200)}`, headers: { cookie } }), 414, 'uri_too_long'],
      [await app.inject({ method: 'GET', url: '/api/bookings/2147483648', headers: { cookie } }), 400, 'bad_request'],
    ] as const;
    for (const [response, status, code] of cases) {
      expect(response.statusCode, response.body).toBe(status);
      const body = errorBody(response.body);
      expect(body.code).toBe(code);
      expect(typeof body.message).toBe('string');
      expect(body.message.length).toBeGreaterThan(0);
    }
    // The address a visitor sent is not echoed back.
    expect(errorBody(cases[8][0].body).message).toBe('This address is too long');
  });

  it('contract problems name the field: ids past int32, NUL, year 9999', async () => {
    const detailers = await app.inject({ method: 'GET', url: '/api/detailers/1/availability?date=9999-12-31' });
    expect(detailers.statusCode).toBe(400);
    expect(errorBody(detailers.body).message).toBe('Date must be between 2000-01-01 and 2100-12-31');
    const intent = await app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { bookingId: 2 ** 31 },
      headers: { cookie },
    });
    expect(intent.statusCode).toBe(400);
    expect(JSON.parse(intent.body)).toMatchObject({
      code: 'bad_request',
      fields: { bookingId: 'Booking must be a positive whole number' },
    });
    const device = await app.inject({
      method: 'POST',
      url: '/api/device-tokens',
      payload: { userId, token: 'abc\u0000def', deviceType: 'web', deviceName: 'Chrome' },
      headers: { cookie },
    });
    expect(device.statusCode).toBe(400);
    expect(errorBody(device.body).message).toBe('token must not contain control or invalid characters');
  });

  it('a failed statement is logged without its parameter values', async () => {
    // A constraint only this test adds makes the real insert of POST /api/device-tokens fail with a known value.
    const secret = 'known-secret-device-token-0123456789';
    await database.db.execute(
      sql.raw(`ALTER TABLE device_tokens ADD CONSTRAINT fuzz_refuse_secret CHECK (token NOT LIKE 'known-secret%')`),
    );
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/device-tokens',
        payload: { userId, token: secret, deviceType: 'web', deviceName: 'Chrome' },
        headers: { cookie },
      });
      expect(response.statusCode).toBe(500);
      expect(errorBody(response.body)).toEqual({ code: 'internal', message: 'Something went wrong on our side' });
    } finally {
      await database.db.execute(sql.raw('ALTER TABLE device_tokens DROP CONSTRAINT fuzz_refuse_secret'));
    }
    const logged = log.parsed().find((line) => line.msg === 'unhandled error' && line.err?.message?.includes('device_tokens'));
    expect(logged, log.text().slice(-2000)).toBeDefined();
    expect(logged!.err!.message).toContain('Failed query: insert into "device_tokens"');
    expect(logged!.err!.message).toContain('params: [redacted]');
    expect(log.text()).not.toContain(secret);
  });
});

describe.each(databaseKinds)('the error handler alone on %s', (kind) => {
  const log = logCapture();
  let database: DatabaseHandle;
  let app: FastifyInstance;
  const secret = 'hunter2-secret-value';

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = Fastify({ logger: loggerOptions('info', log.stream) });
    await app.register(fastifyRateLimit, { global: false });
    registerErrorHandler(app);
    const { db } = database;
    app.get('/limited', { config: { rateLimit: { max: 1, timeWindow: '1 minute' } } }, () => ({ ok: true }));
    // Values a contract should have refused, reaching PostgreSQL: each data exception is the client's fault.
    app.get('/bad/syntax', () => db.execute(sql`select ${secret}::int`));
    app.get('/bad/range', () => db.execute(sql`select ${'2147483648'}::int`));
    app.get('/bad/nul', () => db.execute(sql`select convert_from('\\x00'::bytea, 'UTF8')`));
    app.get('/bad/datetime', () => db.execute(sql`select ${'9999999-12-31'}::timestamptz`));
    app.get('/bad/ours', () => db.execute(sql`select ${secret}::text, 1 / 0`));
    app.get('/logs-secrets', (request) => {
      request.log.info({ password: secret, user: { passwordHash: secret, token: secret } }, 'fields');
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('the rate limit answers 429 too_many_requests', async () => {
    expect((await app.inject({ method: 'GET', url: '/limited' })).statusCode).toBe(200);
    const limited = await app.inject({ method: 'GET', url: '/limited' });
    expect(limited.statusCode).toBe(429);
    expect(errorBody(limited.body).code).toBe('too_many_requests');
    expect(errorBody(limited.body).message).toMatch(/retry/i);
  });

  it.each(['syntax', 'range', 'nul', 'datetime'])('a database data exception (%s) is a 400, logged at warn', async (name) => {
    const warnings = () => log.parsed().filter((line) => line.level === 40 && String(line.msg).startsWith('database refused')).length;
    const before = warnings();
    const response = await app.inject({ method: 'GET', url: `/bad/${name}` });
    expect(response.statusCode, response.body).toBe(400);
    expect(errorBody(response.body)).toEqual({ code: 'bad_request', message: 'A value in this request is not valid' });
    expect(warnings()).toBe(before + 1);
  });

  it('other database errors stay 500 and hide their internals; no log line holds the secret value', async () => {
    const response = await app.inject({ method: 'GET', url: '/bad/ours' });
    expect(response.statusCode).toBe(500);
    expect(errorBody(response.body)).toEqual({ code: 'internal', message: 'Something went wrong on our side' });
    await app.inject({ method: 'GET', url: '/logs-secrets' });
    const text = log.text();
    expect(text).toContain('Failed query');
    expect(text).toContain('[redacted]');
    expect(text).not.toContain(secret);
  });

  it('serializeError drops params and redacts their values through the cause chain', () => {
    const cause = Object.assign(new Error(`invalid input syntax for type integer: "${secret}"`), {
      code: '22P02',
      detail: `Key (x)=(${secret})`,
    });
    const error = Object.assign(new Error(`Failed query: select $1::int\nparams: ${secret},5`), {
      query: 'select $1::int',
      params: [secret, 5],
      cause,
    });
    const serialized = serializeError(error);
    expect(JSON.stringify(serialized)).not.toContain(secret);
    expect(serialized.message).toBe('Failed query: select $1::int\nparams: [redacted]');
    expect(serialized.query).toBe('select $1::int');
    expect(serialized.params).toBeUndefined();
    expect(serialized.cause).toMatchObject({ code: '22P02', message: 'invalid input syntax for type integer: "[redacted]"' });
  });

  it('credential query values are not logged with the URL', async () => {
    await app.inject({ method: 'GET', url: `/logs-secrets?client_secret=${secret}&token=${secret}&page=2` });
    expect(log.text()).not.toContain(secret);
    expect(log.text()).toContain('client_secret=[redacted]&token=[redacted]&page=2');
  });
});
