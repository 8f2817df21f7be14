import { afterAll, beforeAll, expect } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { outboxEmails, users } from '../../server/db/schema.ts';
import { seedDatabase } from '../../server/seed/seed.ts';
import { testPassword } from '../factories/index.ts';
import { createTestApp, createTestClock, sessionCookie, type DatabaseKind, type TestApp } from './test-app.ts';

type Json = Record<string, unknown>;

/**
 * The app of the account tests (seeded, ADMIN_EMAILS=boss@example.com) and their helpers, set up and closed by
 * the calling describe block.
 */
export function useAuthTestApp(kind: DatabaseKind) {
  let t: TestApp;
  const clock = createTestClock();
  let address = 0;
  // Each test signs in from its own address so the per-address throttle of one test never touches another.
  const nextAddress = () => `10.0.${Math.floor(++address / 250)}.${address % 250}`;

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url, payload: payload as Json, headers, remoteAddress });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const loginAs = async (email: string, password = testPassword) => {
    const response = await post('/api/auth/login', { email, password }, {}, nextAddress());
    expect(response.statusCode, response.body).toBe(200);
    return sessionCookie(response);
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { ADMIN_EMAILS: 'boss@example.com' } });
    await seedDatabase(t.ctx);
  });
  afterAll(() => t.close());

  const lastEmailTo = async (to: string) =>
    (
      await t.db
        .select()
        .from(outboxEmails)
        .where(eq(sql`lower(${outboxEmails.to})`, to.toLowerCase()))
        .orderBy(desc(outboxEmails.id))
    )[0];
  const verifyTokenOf = (text: string) => /\/verify-email\?token=([\w-]+)/.exec(text)![1]!;
  const userRow = async (email: string) =>
    (
      await t.db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    )[0];

  return {
    clock,
    nextAddress,
    post,
    get,
    loginAs,
    lastEmailTo,
    verifyTokenOf,
    userRow,
    /** The running app (only inside tests and hooks). */
    get t() {
      return t;
    },
  };
}
