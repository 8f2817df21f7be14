import { describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema.ts';
import { demoOutboxPath, registrationAnswer, verificationLinkMessages } from '@core/schemas/email-verification.ts';
import { createCustomer, registrationPayload as newAccount } from '../factories/index.ts';
import { databaseKinds, sessionCookie } from './test-app.ts';
import { useAuthTestApp } from './auth-test-app.ts';

// Registration, confirmation links and their limits (decision 010).
describe.each(databaseKinds)('registration on %s', (kind) => {
  const auth = useAuthTestApp(kind);
  const { clock, nextAddress, post, get, lastEmailTo, verifyTokenOf, userRow } = auth;

  describe('register', () => {
    it('answers 201 with a message and no session, and mails a confirmation link built from PUBLIC_URL', async () => {
      const account = newAccount({ firebaseUid: 'forged-uid', isFirebaseUser: true });
      const response = await post('/api/auth/register', account, { host: 'evil.example' });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toEqual({ message: registrationAnswer, outboxPath: demoOutboxPath });
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
      expect(verified.json()).toMatchObject({
        email: account.email,
        username: account.username,
        role: 'customer',
        referralCredits: '0.00',
      });
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
      const owner = await createCustomer(auth.t.ctx);
      const before = await auth.t.db.select().from(users);
      const taken = await post('/api/auth/register', newAccount({ email: owner.email.toUpperCase() }));
      const fresh = await post('/api/auth/register', newAccount());
      expect(taken.statusCode).toBe(201);
      expect(taken.body).toBe(fresh.body);
      expect(taken.cookies).toEqual(fresh.cookies);
      expect((await auth.t.db.select().from(users)).length).toBe(before.length + 1);
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
        confirmPassword: 'Confirm password must be at least 8 characters',
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
      const confirmed = await createCustomer(auth.t.ctx);
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
});
