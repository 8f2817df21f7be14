import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { outboxEmails, users } from '../../server/db/schema.ts';
import { seedDatabase } from '../../server/seed/seed.ts';
import { demoAccounts, demoPassword } from '../../server/seed/seed-data.ts';
import { registrationAnswer, verificationLinkMessages } from '@core/schemas/email-verification.ts';
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
    t = await createTestApp(kind, { clock, env: { ADMIN_EMAILS: 'boss@example.com' } });
    await seedDatabase(t.ctx);
  });
  afterAll(() => t.close());

  const lastEmailTo = async (to: string) =>
    (await t.db.select().from(outboxEmails).where(eq(sql`lower(${outboxEmails.to})`, to.toLowerCase())).orderBy(desc(outboxEmails.id)))[0];
  const verifyTokenOf = (text: string) => /\/verify-email\?token=([\w-]+)/.exec(text)![1]!;
  const userRow = async (email: string) => (await t.db.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase())))[0];

  describe('register', () => {
    it('answers 201 with a message and no session, and mails a confirmation link built from PUBLIC_URL', async () => {
      const account = newAccount({ firebaseUid: 'forged-uid', isFirebaseUser: true });
      const response = await post('/api/auth/register', account, { host: 'evil.example' });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toEqual({ message: registrationAnswer });
      expect(response.cookies.find((c) => c.name === 'glossly_session')).toBeUndefined();
      const row = await userRow(account.email);
      expect(row).toMatchObject({ role: 'customer', emailVerifiedAt: null });
      const email = await lastEmailTo(account.email);
      expect(email!.subject).toBe('Confirm your Glossly email');
      expect(email!.text).toContain('http://localhost:3000/verify-email?token=');
      expect(email!.text).not.toContain('evil');
    });

    it('opening the link verifies the email and signs in with an HttpOnly SameSite=Lax cookie; the link works once', async () => {
      const account = newAccount();
      await post('/api/auth/register', account);
      const token = verifyTokenOf((await lastEmailTo(account.email))!.text);
      const verified = await post('/api/auth/verify-email', { token });
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json()).toMatchObject({ email: account.email, username: account.username, role: 'customer', referralCredits: '0.00' });
      expect(verified.json()).not.toHaveProperty('passwordHash');
      const cookie = verified.cookies.find((c) => c.name === 'glossly_session')!;
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.sameSite).toBe('Lax');
      expect((await get('/api/auth/user', { cookie: sessionCookie(verified) })).json().email).toBe(account.email);
      expect((await userRow(account.email))!.emailVerifiedAt).toEqual(clock.now());
      const again = await post('/api/auth/verify-email', { token });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(verificationLinkMessages.invalid);
      expect(again.cookies.find((c) => c.name === 'glossly_session')).toBeUndefined();
    });

    it('refuses a confirmation link older than 24 hours and a made-up one', async () => {
      const account = newAccount();
      await post('/api/auth/register', account);
      const token = verifyTokenOf((await lastEmailTo(account.email))!.text);
      clock.advance(24 * 60 * 60 * 1000 + 1000);
      const expired = await post('/api/auth/verify-email', { token });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().message).toBe(verificationLinkMessages.expired);
      expect((await userRow(account.email))!.emailVerifiedAt).toBeNull();
      expect((await post('/api/auth/verify-email', { token: 'made-up' })).json().message).toBe(verificationLinkMessages.invalid);
      expect((await post('/api/auth/verify-email', {})).statusCode).toBe(400);
    });

    it('answers a taken email (any case) exactly like a new one and mails its owner instead; a taken username is 409', async () => {
      const owner = await createCustomer(t.ctx);
      const before = await t.db.select().from(users);
      const taken = await post('/api/auth/register', newAccount({ email: owner.email.toUpperCase() }));
      const fresh = await post('/api/auth/register', newAccount());
      expect(taken.statusCode).toBe(201);
      expect(taken.body).toBe(fresh.body);
      expect(taken.cookies).toEqual(fresh.cookies);
      expect((await t.db.select().from(users)).length).toBe(before.length + 1);
      const notice = await lastEmailTo(owner.email);
      expect(notice!.subject).toBe('Someone tried to create a Glossly account with your email');
      expect(notice!.text).toContain('http://localhost:3000/forgot-password');
      expect(notice!.text).not.toContain('verify-email');
      const sameUsername = await post('/api/auth/register', newAccount({ username: owner.username.toUpperCase() }));
      expect(sameUsername.statusCode).toBe(409);
      expect(sameUsername.json().message).toBe('This username is already taken');
    });

    it('an unconfirmed account may sign in with its password; a detailer registers when asked', async () => {
      const account = newAccount({ role: 'detailer' });
      await post('/api/auth/register', account);
      const response = await post('/api/auth/login', { email: account.email, password: account.password }, {}, nextAddress());
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().role).toBe('detailer');
    });

    it('ADMIN_EMAILS (any case) make an admin only once the address is confirmed by its link', async () => {
      const account = newAccount({ email: 'Boss@Example.com' });
      expect((await post('/api/auth/register', account)).statusCode).toBe(201);
      expect((await userRow('boss@example.com'))!.role).toBe('customer');
      const beforeLink = await post('/api/auth/login', { email: 'boss@example.com', password: account.password }, {}, nextAddress());
      expect(beforeLink.statusCode).toBe(200);
      expect(beforeLink.json().role).toBe('customer');
      const token = verifyTokenOf((await lastEmailTo('boss@example.com'))!.text);
      const verified = await post('/api/auth/verify-email', { token });
      expect(verified.json().role).toBe('admin');
      // The session from before the link reads the role fresh too.
      expect((await get('/api/auth/user', { cookie: sessionCookie(beforeLink) })).json().role).toBe('admin');
    });

    it('refuses role admin from the form with a clear message', async () => {
      const response = await post('/api/auth/register', newAccount({ role: 'admin' }));
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Admin accounts cannot be created from the sign-up form');
    });

    it('names each invalid field with the spec message; passwords follow the new policy', async () => {
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
        password: 'Password must be at least 8 characters',
        confirmPassword: 'Confirm password must be at least 6 characters',
        role: 'Please select a role',
      });
      const mismatch = await post('/api/auth/register', newAccount({ confirmPassword: 'other-pass' }));
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().fields).toEqual({ confirmPassword: 'Passwords do not match' });
    });

    it.each([
      ['seven77', 'Password must be at least 8 characters'],
      [' '.repeat(10), 'Password cannot be only spaces'],
      ['x'.repeat(129), 'Password must be at most 128 characters'],
      ['Password1', 'This password is too common. Please choose one that is harder to guess.'],
      ['iloveyou', 'This password is too common. Please choose one that is harder to guess.'],
    ])('refuses the password %j with a 400 naming the password field', async (password, message) => {
      const account = newAccount({ password, confirmPassword: password });
      const response = await post('/api/auth/register', account);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'bad_request', message, fields: { password: message } });
      expect(await userRow(account.email)).toBeUndefined();
    });
  });

  describe('resend confirmation', () => {
    it('sends a new link only to an account still unconfirmed, with the same answer for any address', async () => {
      const account = newAccount();
      await post('/api/auth/register', account);
      const first = verifyTokenOf((await lastEmailTo(account.email))!.text);
      const ip = nextAddress();
      const resent = await post('/api/auth/resend-verification', { email: account.email }, {}, ip);
      expect(resent.statusCode).toBe(200);
      const second = verifyTokenOf((await lastEmailTo(account.email))!.text);
      expect(second).not.toBe(first);
      const unknown = await post('/api/auth/resend-verification', { email: 'nobody-resend@example.com' }, {}, ip);
      expect(unknown.body).toBe(resent.body);
      expect(await lastEmailTo('nobody-resend@example.com')).toBeUndefined();
      // A confirmed account gets nothing, and the older link stopped working once one was used.
      expect((await post('/api/auth/verify-email', { token: second })).statusCode).toBe(200);
      const confirmed = await createCustomer(t.ctx);
      await post('/api/auth/resend-verification', { email: confirmed.email }, {}, nextAddress());
      expect(await lastEmailTo(confirmed.email)).toBeUndefined();
      expect((await post('/api/auth/verify-email', { token: first })).statusCode).toBe(400);
    });

    it('is rate limited per address: the 4th request in 15 minutes gets 429', async () => {
      const ip = nextAddress();
      for (let i = 0; i < 3; i += 1) {
        expect((await post('/api/auth/resend-verification', { email: `r${i}@example.com` }, {}, ip)).statusCode).toBe(200);
      }
      const refused = await post('/api/auth/resend-verification', { email: 'r4@example.com' }, {}, ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'too_many_requests' });
    });
  });

  describe('registration rate limit', () => {
    it('the 6th registration from one address within an hour gets 429 with { code, message }', async () => {
      const ip = '192.0.2.77';
      for (let i = 0; i < 5; i += 1) {
        const response = await post('/api/auth/register', newAccount(), {}, ip);
        expect(response.statusCode, response.body).toBe(201);
      }
      const sixth = await post('/api/auth/register', newAccount(), {}, ip);
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json()).toEqual({ code: 'too_many_requests', message: expect.any(String) });
      // Another address is not affected.
      expect((await post('/api/auth/register', newAccount(), {}, '192.0.2.78')).statusCode).toBe(201);
    });
  });

  describe('login and sessions', () => {
    it('signs in, and signing in again with a session cookie replaces that session', async () => {
      const user = await createCustomer(t.ctx);
      const first = await loginAs(user.email);
      const response = await post('/api/auth/login', { email: user.email, password: testPassword, firebaseUid: 'x' }, { cookie: first }, nextAddress());
      expect(response.statusCode).toBe(200);
      expect(response.json().email).toBe(user.email);
      expect((await get('/api/auth/user', { cookie: sessionCookie(response) })).statusCode).toBe(200);
      // The session it replaced is over.
      expect((await get('/api/auth/user', { cookie: first })).statusCode).toBe(401);
    });

    it('still accepts an existing password shorter than the new policy (login keeps the 6-character rule)', async () => {
      const user = await createCustomer(t.ctx, { password: 'abc123' });
      await loginAs(user.email, 'abc123');
    });

    it('gives the same answer, in comparable time, for an unknown email and a wrong password', async () => {
      const user = await createCustomer(t.ctx);
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
      const target = await createCustomer(t.ctx);
      const anonymous = await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${target.id}`, headers: forged, payload: { role: 'admin' } });
      expect(anonymous.statusCode).toBe(401);
      const customer = await createCustomer(t.ctx);
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
      const user = await createCustomer(t.ctx);
      const cookie = await loginAs(user.email);
      const response = await post('/api/auth/logout', undefined, { cookie });
      expect(response.statusCode).toBe(204);
      const cleared = response.cookies.find((c) => c.name === 'glossly_session')!;
      expect(cleared.value).toBe('');
      // The old cookie value replayed by someone who copied it gets nothing.
      expect((await get('/api/auth/user', { cookie })).statusCode).toBe(401);
    });

    it('refuses a cross-origin POST with 403 and accepts a same-origin one', async () => {
      const user = await createCustomer(t.ctx);
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
      const me = await createCustomer(t.ctx);
      await t.db.update(users).set({ referralCreditsCents: 1250 }).where(eq(users.id, me.id));
      const other = await createCustomer(t.ctx);
      const cookie = await loginAs(me.email);
      const mine = await get(`/api/users/${me.id}`, { cookie });
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toMatchObject({ id: me.id, referralCredits: '12.50' });
      expect((await get(`/api/users/${other.id}`, { cookie })).statusCode).toBe(403);
      expect((await get(`/api/users/${other.id}`)).statusCode).toBe(401);
      const admin = await createAdmin(t.ctx);
      const adminCookie = await loginAs(admin.email);
      const seen = await get(`/api/users/${other.id}`, { cookie: adminCookie });
      expect(seen.statusCode).toBe(200);
      expect(seen.json().email).toBe(other.email);
      expect((await get('/api/users/999999', { cookie: adminCookie })).statusCode).toBe(404);
    });

    it('disabling a user ends their sessions and refuses their next login', async () => {
      const user = await createCustomer(t.ctx);
      const cookie = await loginAs(user.email);
      const admin = await createAdmin(t.ctx);
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
      const user = await createCustomer(t.ctx);
      const cookie = await loginAs(user.email);
      const adminCookie = await loginAs((await createAdmin(t.ctx)).email);
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
    const tokenOf = (text: string) => /\/reset-password\?token=([\w-]+)/.exec(text)![1]!;

    it('answers the same for a known and an unknown email, and mails a link only to the known one', async () => {
      const user = await createCustomer(t.ctx);
      const known = await post('/api/auth/forgot-password', { email: user.email });
      const unknown = await post('/api/auth/forgot-password', { email: 'nobody@example.com' });
      expect(known.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      const email = await lastEmailTo(user.email);
      expect(email!.text).toContain('http://localhost:3000/reset-password?token=');
      expect(await lastEmailTo('nobody@example.com')).toBeUndefined();
    });

    it('builds the link from PUBLIC_URL, never from the Host header', async () => {
      const user = await createCustomer(t.ctx);
      const response = await post('/api/auth/forgot-password', { email: user.email }, { host: 'evil.example', 'x-forwarded-host': 'evil.example' }, nextAddress());
      expect(response.statusCode).toBe(200);
      const { text } = (await lastEmailTo(user.email))!;
      const link = /\S*\/reset-password\?token=\S+/.exec(text)![0];
      expect(link.startsWith(`${t.config.PUBLIC_URL}/reset-password?token=`)).toBe(true);
      expect(text).not.toContain('evil');
    });

    it('applies the password policy to the new password, and the reset confirms the address', async () => {
      const user = await createCustomer(t.ctx, { emailVerifiedAt: null });
      await post('/api/auth/forgot-password', { email: user.email }, {}, nextAddress());
      const token = tokenOf((await lastEmailTo(user.email))!.text);
      const common = await post('/api/auth/reset-password', { token, password: 'password123', confirmPassword: 'password123' });
      expect(common.statusCode).toBe(400);
      expect(common.json().fields).toEqual({ password: 'This password is too common. Please choose one that is harder to guess.' });
      // The refused attempt did not use up the link.
      const done = await post('/api/auth/reset-password', { token, password: 'brand-new-pass', confirmPassword: 'brand-new-pass' });
      expect(done.statusCode, done.body).toBe(200);
      expect((await userRow(user.email))!.emailVerifiedAt).not.toBeNull();
    });

    it('resets the password once, ends every session, and the old password stops working', async () => {
      const user = await createCustomer(t.ctx);
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
      const user = await createCustomer(t.ctx);
      await post('/api/auth/forgot-password', { email: user.email });
      const token = tokenOf((await lastEmailTo(user.email))!.text);
      clock.advance(60 * 60 * 1000 + 1000);
      const response = await post('/api/auth/reset-password', { token, password: 'brand-new-pass', confirmPassword: 'brand-new-pass' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('This reset link has expired. Please request a new one.');
      expect((await post('/api/auth/login', { email: user.email, password: testPassword }, {}, nextAddress())).statusCode).toBe(200);
    });

    it('refuses a made-up token and mismatched passwords', async () => {
      expect((await post('/api/auth/reset-password', { token: 'made-up', password: 'abcdefgh', confirmPassword: 'abcdefgh' })).statusCode).toBe(400);
      const mismatch = await post('/api/auth/reset-password', { token: 'x', password: 'abcdefgh', confirmPassword: 'abcdefgi' });
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
