import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { outboxEmails, users } from '../../server/db/schema.ts';
import { seedDatabase } from '../../server/db/seed.ts';
import { demoAccounts, demoPassword } from '../../server/db/seed-data.ts';
import { createAdmin, createCustomer, registrationPayload as newAccount, testPassword } from '../factories/index.ts';
import { createTestApp, createTestClock, databaseKinds, sessionCookie, type TestApp } from './test-app.ts';

type Json = Record<string, unknown>;

describe.each(databaseKinds)('accounts on %s', (kind) => {
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
    t = await createTestApp(kind, { clock, env: { ADMIN_EMAILS: 'Boss@Example.com' } });
    await seedDatabase(t.db);
  });
  afterAll(() => t.close());

  describe('register', () => {
    it('creates a customer, answers 201 with the user and an HttpOnly SameSite=Lax session cookie', async () => {
      const account = newAccount({ firebaseUid: 'forged-uid', isFirebaseUser: true });
      const response = await post('/api/auth/register', account);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ email: account.email, username: account.username, role: 'customer', referralCredits: '0.00' });
      expect(response.json()).not.toHaveProperty('passwordHash');
      const cookie = response.cookies.find((c) => c.name === 'glossly_session')!;
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.sameSite).toBe('Lax');
      expect(cookie.secure).toBeUndefined();
      const me = await get('/api/auth/user', { cookie: sessionCookie(response) });
      expect(me.statusCode).toBe(200);
      expect(me.json().email).toBe(account.email);
    });

    it('registers a detailer when asked, and an admin only for an email in ADMIN_EMAILS', async () => {
      const detailer = await post('/api/auth/register', newAccount({ role: 'detailer' }));
      expect(detailer.json().role).toBe('detailer');
      const boss = await post('/api/auth/register', newAccount({ email: 'boss@example.com' }));
      expect(boss.statusCode).toBe(201);
      expect(boss.json().role).toBe('admin');
    });

    it('refuses role admin from the form with a clear message', async () => {
      const response = await post('/api/auth/register', newAccount({ role: 'admin' }));
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Admin accounts cannot be created from the sign-up form');
    });

    it('answers 409 with a message for a taken email (any case) or username', async () => {
      const first = newAccount();
      await post('/api/auth/register', first);
      const sameEmail = await post('/api/auth/register', newAccount({ email: first.email.toUpperCase() }));
      expect(sameEmail.statusCode).toBe(409);
      expect(sameEmail.json().message).toBe('An account with this email already exists');
      const sameUsername = await post('/api/auth/register', newAccount({ username: first.username }));
      expect(sameUsername.statusCode).toBe(409);
      expect(sameUsername.json().message).toBe('This username is already taken');
    });

    it('names each invalid field with the spec message', async () => {
      const response = await post('/api/auth/register', {
        name: 'A',
        username: 'ab',
        email: 'nope',
        password: '123',
        confirmPassword: '123',
        role: 'pilot',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({
        name: 'Name must be at least 2 characters',
        username: 'Username must be at least 3 characters',
        email: 'Please enter a valid email address',
        password: 'Password must be at least 6 characters',
        confirmPassword: 'Confirm password must be at least 6 characters',
        role: 'Please select a role',
      });
      const mismatch = await post('/api/auth/register', newAccount({ confirmPassword: 'other-pass' }));
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().fields).toEqual({ confirmPassword: 'Passwords do not match' });
    });
  });

  describe('login and sessions', () => {
    it('signs in, and signing in again right after registering (as the spec client does) works', async () => {
      const account = newAccount();
      const registered = await post('/api/auth/register', account);
      const response = await post('/api/auth/login', { email: account.email, password: account.password, firebaseUid: 'x' }, { cookie: sessionCookie(registered) }, nextAddress());
      expect(response.statusCode).toBe(200);
      expect(response.json().email).toBe(account.email);
      expect((await get('/api/auth/user', { cookie: sessionCookie(response) })).statusCode).toBe(200);
      // The session it replaced is over.
      expect((await get('/api/auth/user', { cookie: sessionCookie(registered) })).statusCode).toBe(401);
    });

    it('gives the same answer, in comparable time, for an unknown email and a wrong password', async () => {
      const user = await createCustomer(t.db);
      const attempt = async (email: string) => {
        const started = performance.now();
        const response = await post('/api/auth/login', { email, password: 'wrong-password' }, {}, nextAddress());
        return { response, ms: performance.now() - started };
      };
      await attempt(user.email); // warm-up: the dummy hash is made once
      await attempt('nobody-warm@example.com');
      const unknown: number[] = [];
      const wrong: number[] = [];
      let sample;
      for (let i = 0; i < 5; i += 1) {
        const a = await attempt(`nobody-${i}@example.com`);
        const b = await attempt(user.email);
        unknown.push(a.ms);
        wrong.push(b.ms);
        sample = [a.response, b.response];
      }
      const [a, b] = sample!;
      expect(a!.statusCode).toBe(401);
      expect(b!.statusCode).toBe(401);
      expect(a!.body).toBe(b!.body);
      expect(a!.json().message).toBe('Invalid email or password');
      const median = (values: number[]) => values.sort((x, y) => x - y)[2]!;
      const ratio = median(unknown) / median(wrong);
      // Without the dummy verification an unknown email answers about ten times faster.
      expect(ratio).toBeGreaterThan(0.4);
      expect(ratio).toBeLessThan(2.5);
    });

    it('ignores forged demo-* headers: /api/auth/user stays 401 and the admin route 401/403', async () => {
      const forged = { 'demo-user-id': '1', 'demo-role': 'admin', 'demo-user-email': demoAccounts.admin.email };
      expect((await get('/api/auth/user', forged)).statusCode).toBe(401);
      const target = await createCustomer(t.db);
      const anonymous = await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${target.id}`, headers: forged, payload: { role: 'admin' } });
      expect(anonymous.statusCode).toBe(401);
      const customer = await createCustomer(t.db);
      const cookie = await loginAs(customer.email);
      const asCustomer = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${target.id}`,
        headers: { ...forged, cookie },
        payload: { role: 'admin' },
      });
      expect(asCustomer.statusCode).toBe(403);
      const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
      expect(row!.role).toBe('customer');
    });

    it('logout ends the session on the server and clears the cookie', async () => {
      const user = await createCustomer(t.db);
      const cookie = await loginAs(user.email);
      const response = await post('/api/auth/logout', undefined, { cookie });
      expect(response.statusCode).toBe(204);
      const cleared = response.cookies.find((c) => c.name === 'glossly_session')!;
      expect(cleared.value).toBe('');
      // The old cookie value replayed by someone who copied it gets nothing.
      expect((await get('/api/auth/user', { cookie })).statusCode).toBe(401);
    });

    it('throttles the 11th failed attempt for one email within 15 minutes with 429 and Retry-After', async () => {
      const user = await createCustomer(t.db);
      for (let i = 0; i < 10; i += 1) {
        const failed = await post('/api/auth/login', { email: user.email, password: 'wrong-password' }, {}, nextAddress());
        expect(failed.statusCode).toBe(401);
      }
      // Even the right password waits: the 11th attempt is refused before any check.
      const refused = await post('/api/auth/login', { email: user.email, password: testPassword }, {}, nextAddress());
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      clock.advance(15 * 60 * 1000 + 1000);
      expect((await post('/api/auth/login', { email: user.email, password: testPassword }, {}, nextAddress())).statusCode).toBe(200);
    });

    it('throttles the 11th failed attempt from one address, whatever the email', async () => {
      const ip = nextAddress();
      for (let i = 0; i < 10; i += 1) {
        expect((await post('/api/auth/login', { email: `guess-${i}@example.com`, password: 'wrong-password' }, {}, ip)).statusCode).toBe(401);
      }
      const user = await createCustomer(t.db);
      const refused = await post('/api/auth/login', { email: user.email, password: testPassword }, {}, ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect((await post('/api/auth/login', { email: user.email, password: testPassword }, {}, nextAddress())).statusCode).toBe(200);
    });

    it('refuses a cross-origin POST with 403 and accepts a same-origin one', async () => {
      const user = await createCustomer(t.db);
      const login = { email: user.email, password: testPassword };
      const evil = await post('/api/auth/login', login, { origin: 'https://evil.example' }, nextAddress());
      expect(evil.statusCode).toBe(403);
      expect(evil.cookies).toHaveLength(0);
      const evilReferer = await post('/api/auth/logout', undefined, { referer: 'https://evil.example/page' });
      expect(evilReferer.statusCode).toBe(403);
      const same = await post('/api/auth/login', login, { origin: 'http://localhost' }, nextAddress());
      expect(same.statusCode).toBe(200);
    });
  });

  describe('users and admin', () => {
    it('GET /api/users/:id: yourself 200 with numeric-string credits, another user 403, admin 200, signed out 401', async () => {
      const me = await createCustomer(t.db);
      await t.db.update(users).set({ referralCreditsCents: 1250 }).where(eq(users.id, me.id));
      const other = await createCustomer(t.db);
      const cookie = await loginAs(me.email);
      const mine = await get(`/api/users/${me.id}`, { cookie });
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toMatchObject({ id: me.id, referralCredits: '12.50' });
      expect((await get(`/api/users/${other.id}`, { cookie })).statusCode).toBe(403);
      expect((await get(`/api/users/${other.id}`)).statusCode).toBe(401);
      const admin = await createAdmin(t.db);
      const adminCookie = await loginAs(admin.email);
      const seen = await get(`/api/users/${other.id}`, { cookie: adminCookie });
      expect(seen.statusCode).toBe(200);
      expect(seen.json().email).toBe(other.email);
      expect((await get('/api/users/999999', { cookie: adminCookie })).statusCode).toBe(404);
    });

    it('disabling a user ends their sessions and refuses their next login', async () => {
      const user = await createCustomer(t.db);
      const cookie = await loginAs(user.email);
      const admin = await createAdmin(t.db);
      const adminCookie = await loginAs(admin.email);
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${user.id}`,
        headers: { cookie: adminCookie },
        payload: { isDisabled: true },
      });
      expect(response.statusCode).toBe(200);
      expect((await get('/api/auth/user', { cookie })).statusCode).toBe(401);
      const again = await post('/api/auth/login', { email: user.email, password: testPassword }, {}, nextAddress());
      expect(again.statusCode).toBe(403);
      expect(again.json().message).toBe('This account has been disabled. Please contact support.');
    });

    it('an admin promotes a customer; the new role is read from the database on the next request', async () => {
      const user = await createCustomer(t.db);
      const cookie = await loginAs(user.email);
      const adminCookie = await loginAs((await createAdmin(t.db)).email);
      await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${user.id}`, headers: { cookie: adminCookie }, payload: { role: 'detailer' } });
      expect((await get('/api/auth/user', { cookie })).json().role).toBe('detailer');
    });
  });

  describe('demo login', () => {
    it.each(['customer', 'detailer', 'admin'] as const)('signs in as the seeded demo %s', async (role) => {
      const response = await post('/api/auth/demo-login', { role });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ role, email: demoAccounts[role].email });
      const me = await get('/api/auth/user', { cookie: sessionCookie(response) });
      expect(me.json().role).toBe(role);
    });

    it('the demo accounts also sign in with their published password', async () => {
      await loginAs(demoAccounts.customer.email, demoPassword);
    });
  });

  describe('password reset', () => {
    const lastEmailTo = async (to: string) =>
      (await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, to)).orderBy(desc(outboxEmails.id)))[0];
    const tokenOf = (text: string) => /\/reset-password\?token=([\w-]+)/.exec(text)![1]!;

    it('answers the same for a known and an unknown email, and mails a link only to the known one', async () => {
      const user = await createCustomer(t.db);
      const known = await post('/api/auth/forgot-password', { email: user.email });
      const unknown = await post('/api/auth/forgot-password', { email: 'nobody@example.com' });
      expect(known.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      const email = await lastEmailTo(user.email);
      expect(email!.text).toContain('http://localhost/reset-password?token=');
      expect(await lastEmailTo('nobody@example.com')).toBeUndefined();
    });

    it('resets the password once, ends every session, and the old password stops working', async () => {
      const user = await createCustomer(t.db);
      const cookie = await loginAs(user.email);
      await post('/api/auth/forgot-password', { email: user.email });
      const token = tokenOf((await lastEmailTo(user.email))!.text);
      const reset = { token, password: 'brand-new-pass', confirmPassword: 'brand-new-pass' };
      const first = await post('/api/auth/reset-password', reset);
      expect(first.statusCode, first.body).toBe(200);
      expect((await get('/api/auth/user', { cookie })).statusCode).toBe(401);
      expect((await post('/api/auth/login', { email: user.email, password: testPassword }, {}, nextAddress())).statusCode).toBe(401);
      await loginAs(user.email, 'brand-new-pass');
      const second = await post('/api/auth/reset-password', reset);
      expect(second.statusCode).toBe(400);
      expect(second.json().message).toBe('This reset link is invalid or has already been used. Please request a new one.');
    });

    it('refuses a link older than 1 hour', async () => {
      const user = await createCustomer(t.db);
      await post('/api/auth/forgot-password', { email: user.email });
      const token = tokenOf((await lastEmailTo(user.email))!.text);
      clock.advance(60 * 60 * 1000 + 1000);
      const response = await post('/api/auth/reset-password', { token, password: 'brand-new-pass', confirmPassword: 'brand-new-pass' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('This reset link has expired. Please request a new one.');
      expect((await post('/api/auth/login', { email: user.email, password: testPassword }, {}, nextAddress())).statusCode).toBe(200);
    });

    it('refuses a made-up token and mismatched passwords', async () => {
      expect((await post('/api/auth/reset-password', { token: 'made-up', password: 'abcdef', confirmPassword: 'abcdef' })).statusCode).toBe(400);
      const mismatch = await post('/api/auth/reset-password', { token: 'x', password: 'abcdef', confirmPassword: 'abcdeg' });
      expect(mismatch.json().fields).toEqual({ confirmPassword: 'Passwords do not match' });
    });
  });

  describe('providers and OpenID Connect without configuration', () => {
    it('reports Google as disabled with a reason, and the start route sends the browser back to /login', async () => {
      const providers = await get('/api/auth/providers');
      expect(providers.json()).toEqual({ google: { enabled: false, reason: 'Google sign-in is not set up on this server.' } });
      const start = await get('/api/auth/oidc/start');
      expect(start.statusCode).toBe(302);
      expect(start.headers.location).toBe(`/login?oidcError=${encodeURIComponent('Google sign-in is not set up on this server.')}`);
    });

    it('a callback without the flow cookie is refused', async () => {
      const callback = await get('/api/auth/oidc/callback?code=abc&state=def');
      expect(callback.statusCode).toBe(302);
      expect(callback.headers.location).toMatch(/^\/login\?oidcError=/);
      expect(callback.cookies.find((c) => c.name === 'glossly_session')).toBeUndefined();
    });
  });
});
