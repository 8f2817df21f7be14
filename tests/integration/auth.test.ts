import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema.ts';
import { demoAccounts, demoPassword } from '../../server/seed/seed-data.ts';
import { createAdmin, createCustomer, testPassword } from '../factories/index.ts';
import { databaseKinds, sessionCookie } from './test-app.ts';
import { useAuthTestApp } from './auth-test-app.ts';

// Sign-in, sessions, admin, demo sign-in, password reset, providers. Registration: auth-registration.test.ts.
describe.each(databaseKinds)('accounts on %s', (kind) => {
  const auth = useAuthTestApp(kind);
  const { clock, nextAddress, post, get, loginAs, lastEmailTo, userRow } = auth;

  describe('login and sessions', () => {
    it('signs in, and signing in again with a session cookie replaces that session', async () => {
      const user = await createCustomer(auth.t.ctx);
      const first = await loginAs(user.email);
      const response = await post(
        '/api/auth/login',
        { email: user.email, password: testPassword, firebaseUid: 'x' },
        { cookie: first },
        nextAddress(),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().email).toBe(user.email);
      expect((await get('/api/auth/user', { cookie: sessionCookie(response) })).statusCode).toBe(200);
      // The session it replaced is over.
      expect((await get('/api/auth/user', { cookie: first })).statusCode).toBe(401);
    });

    it('still accepts an existing password shorter than the new policy (login keeps the 6-character rule)', async () => {
      const user = await createCustomer(auth.t.ctx, { password: 'abc123' });
      await loginAs(user.email, 'abc123');
    });

    it('gives the same answer, in comparable time, for an unknown email and a wrong password', async () => {
      const user = await createCustomer(auth.t.ctx);
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

    it("answers the app's session question: a visitor is user null (200), a session its user, forged headers nobody", async () => {
      const forged = { 'demo-user-id': '1', 'demo-role': 'admin', 'demo-user-email': demoAccounts.admin.email };
      const visitor = await get('/api/auth/session', forged);
      expect(visitor.statusCode).toBe(200);
      expect(visitor.json()).toEqual({ user: null });
      const customer = await createCustomer(auth.t.ctx);
      const signedIn = await get('/api/auth/session', { cookie: await loginAs(customer.email) });
      expect(signedIn.json().user).toMatchObject({ id: customer.id, email: customer.email, role: 'customer' });
      expect(signedIn.json().user.passwordHash).toBeUndefined();
      expect((await get('/api/auth/session', { cookie: 'glossly_session=forged' })).json()).toEqual({ user: null });
    });

    it('sets a readable signed-in hint beside the HttpOnly session, clears both on sign-out, and clears a stale hint', async () => {
      const customer = await createCustomer(auth.t.ctx);
      const login = await post('/api/auth/login', { email: customer.email, password: testPassword }, {}, nextAddress());
      const cookies = login.cookies as { name: string; value: string; httpOnly?: boolean; maxAge?: number }[];
      const session = cookies.find((c) => c.name === 'glossly_session');
      const hint = cookies.find((c) => c.name === 'glossly_signed_in');
      expect(session?.httpOnly).toBe(true);
      expect(hint).toMatchObject({ value: '1', maxAge: session!.maxAge });
      expect(hint?.httpOnly).toBeUndefined();

      const logout = await post('/api/auth/logout', {}, { cookie: `glossly_session=${session!.value}; glossly_signed_in=1` });
      const cleared = (logout.cookies as { name: string; maxAge?: number; expires?: Date }[]).map((c) => c.name).sort();
      expect(cleared).toEqual(['glossly_session', 'glossly_signed_in']);

      // The session has ended but the browser still carries the hint: the answer is nobody, and the hint goes.
      const stale = await get('/api/auth/session', { cookie: `glossly_session=${session!.value}; glossly_signed_in=1` });
      expect(stale.json()).toEqual({ user: null });
      const staleHint = (stale.cookies as { name: string; expires?: Date }[]).find((c) => c.name === 'glossly_signed_in');
      expect(staleHint?.expires?.getTime()).toBeLessThan(Date.now());
      // A visitor without a hint gets no cookie at all.
      expect((await get('/api/auth/session')).cookies).toEqual([]);
    });

    it('ignores forged demo-* headers: /api/auth/user stays 401 and the admin route 401/403', async () => {
      const forged = { 'demo-user-id': '1', 'demo-role': 'admin', 'demo-user-email': demoAccounts.admin.email };
      expect((await get('/api/auth/user', forged)).statusCode).toBe(401);
      const target = await createCustomer(auth.t.ctx);
      const anonymous = await auth.t.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${target.id}`,
        headers: forged,
        payload: { role: 'admin' },
      });
      expect(anonymous.statusCode).toBe(401);
      const customer = await createCustomer(auth.t.ctx);
      const cookie = await loginAs(customer.email);
      const asCustomer = await auth.t.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${target.id}`,
        headers: { ...forged, cookie },
        payload: { role: 'admin' },
      });
      expect(asCustomer.statusCode).toBe(403);
      const [row] = await auth.t.db.select().from(users).where(eq(users.id, target.id));
      expect(row!.role).toBe('customer');
    });

    it('logout ends the session on the server and clears the cookie', async () => {
      const user = await createCustomer(auth.t.ctx);
      const cookie = await loginAs(user.email);
      const response = await post('/api/auth/logout', undefined, { cookie });
      expect(response.statusCode).toBe(204);
      const cleared = response.cookies.find((c) => c.name === 'glossly_session')!;
      expect(cleared.value).toBe('');
      // The old cookie value replayed by someone who copied it gets nothing.
      expect((await get('/api/auth/user', { cookie })).statusCode).toBe(401);
    });

    it('refuses a cross-origin POST with 403 and accepts a same-origin one', async () => {
      const user = await createCustomer(auth.t.ctx);
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
      const me = await createCustomer(auth.t.ctx);
      await auth.t.db.update(users).set({ referralCreditsCents: 1250 }).where(eq(users.id, me.id));
      const other = await createCustomer(auth.t.ctx);
      const cookie = await loginAs(me.email);
      const mine = await get(`/api/users/${me.id}`, { cookie });
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toMatchObject({ id: me.id, referralCredits: '12.50' });
      expect((await get(`/api/users/${other.id}`, { cookie })).statusCode).toBe(403);
      expect((await get(`/api/users/${other.id}`)).statusCode).toBe(401);
      const admin = await createAdmin(auth.t.ctx);
      const adminCookie = await loginAs(admin.email);
      const seen = await get(`/api/users/${other.id}`, { cookie: adminCookie });
      expect(seen.statusCode).toBe(200);
      expect(seen.json().email).toBe(other.email);
      expect((await get('/api/users/999999', { cookie: adminCookie })).statusCode).toBe(404);
    });

    it('disabling a user ends their sessions and refuses their next login', async () => {
      const user = await createCustomer(auth.t.ctx);
      const cookie = await loginAs(user.email);
      const admin = await createAdmin(auth.t.ctx);
      const adminCookie = await loginAs(admin.email);
      const response = await auth.t.app.inject({
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
      const user = await createCustomer(auth.t.ctx);
      const cookie = await loginAs(user.email);
      const adminCookie = await loginAs((await createAdmin(auth.t.ctx)).email);
      await auth.t.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${user.id}`,
        headers: { cookie: adminCookie },
        payload: { role: 'detailer' },
      });
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
      const user = await createCustomer(auth.t.ctx);
      const known = await post('/api/auth/forgot-password', { email: user.email });
      const unknown = await post('/api/auth/forgot-password', { email: 'nobody@example.com' });
      expect(known.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      const email = await lastEmailTo(user.email);
      expect(email!.text).toContain('http://localhost:3000/reset-password?token=');
      expect(await lastEmailTo('nobody@example.com')).toBeUndefined();
    });

    it('builds the link from PUBLIC_URL, never from the Host header', async () => {
      const user = await createCustomer(auth.t.ctx);
      const response = await post(
        '/api/auth/forgot-password',
        { email: user.email },
        { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
        nextAddress(),
      );
      expect(response.statusCode).toBe(200);
      const { text } = (await lastEmailTo(user.email))!;
      const link = /\S*\/reset-password\?token=\S+/.exec(text)![0];
      expect(link.startsWith(`${auth.t.config.PUBLIC_URL}/reset-password?token=`)).toBe(true);
      expect(text).not.toContain('evil');
    });

    it('applies the password policy to the new password, and the reset confirms the address', async () => {
      const user = await createCustomer(auth.t.ctx, { emailVerifiedAt: null });
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
      const user = await createCustomer(auth.t.ctx);
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
      const user = await createCustomer(auth.t.ctx);
      await post('/api/auth/forgot-password', { email: user.email });
      const token = tokenOf((await lastEmailTo(user.email))!.text);
      clock.advance(60 * 60 * 1000 + 1000);
      const response = await post('/api/auth/reset-password', { token, password: 'brand-new-pass', confirmPassword: 'brand-new-pass' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('This reset link has expired. Please request a new one.');
      expect((await post('/api/auth/login', { email: user.email, password: testPassword }, {}, nextAddress())).statusCode).toBe(200);
    });

    it('refuses a made-up token and mismatched passwords', async () => {
      expect(
        (await post('/api/auth/reset-password', { token: 'made-up', password: 'abcdefgh', confirmPassword: 'abcdefgh' })).statusCode,
      ).toBe(400);
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
