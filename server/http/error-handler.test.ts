import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseAwayMessage, registerErrorHandler } from './error-handler.ts';

// Issue 38: with the database away, users get 503 with Retry-After, not a generic 500.
describe('the error handler when the database is away', () => {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  const failures: Record<string, () => Error> = {
    // PostgreSQL shutting down or restarting under a query (admin_shutdown, cannot_connect_now).
    'admin-shutdown': () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    'cannot-connect': () => Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    // node-postgres: the socket closed, or the server refused the connection (wrapped as drizzle wraps it).
    terminated: () => new Error('Connection terminated unexpectedly'),
    refused: () =>
      new Error('Failed query: select 1', {
        cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      }),
    // Anything else stays a 500 that hides its internals.
    bug: () => new Error('undefined is not a function'),
  };
  for (const [name, failure] of Object.entries(failures)) {
    app.get(`/${name}`, async () => {
      throw failure();
    });
  }
  afterAll(() => app.close());

  it.each(['admin-shutdown', 'cannot-connect', 'terminated', 'refused'])(
    'answers %s with 503, Retry-After and a sentence to retry',
    async (name) => {
      const response = await app.inject({ method: 'GET', url: `/${name}` });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({ code: 'unavailable', message: databaseAwayMessage });
    },
  );

  it('keeps a programming error a 500 with no internals', async () => {
    const response = await app.inject({ method: 'GET', url: '/bug' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['retry-after']).toBeUndefined();
    expect(response.json()).toEqual({ code: 'internal', message: 'Something went wrong on our side' });
  });
});
