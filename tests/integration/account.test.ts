import { describe, expect, it } from 'vitest';
import { accountMessages } from '@core/domain/account.ts';
import { passwordPolicyMessages } from '@core/domain/password-policy.ts';
import { createCustomer, testPassword } from '../factories/index.ts';
import { databaseKinds, sessionCookie } from './test-app.ts';
import { useAccountTestApp } from './account-test-app.ts';

// Decision 019, Profile: editing the profile, changing the password, and who may call what.
describe.each(databaseKinds)('the account on %s', (kind) => {
  const account = useAccountTestApp(kind);
  const { call, sessionOf, userRow, uploadOf } = account;
  const customer = () => createCustomer(account.t.ctx);
  const login = (email: string, password: string) =>
    account.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  it('answers 401 on every route when signed out', async () => {
    const routes: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, object?][] = [
      ['PATCH', '/api/account', { name: 'Somebody' }],
      ['POST', '/api/account/password', { currentPassword: 'whatever-old', newPassword: 'a-new-password-1' }],
      ['POST', '/api/account/email', { newEmail: 'new@example.com', password: 'whatever-old' }],
      ['DELETE', '/api/account', { password: 'whatever-old' }],
      ['GET', '/api/account/export'],
    ];
    for (const [method, url, payload] of routes) {
      const response = await call(null, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  describe('PATCH /api/account', () => {
    it('changes the name, username and phone and answers the public user with them', async () => {
      const me = await customer();
      const response = await call(await sessionOf(me), 'PATCH', '/api/account', {
        name: '  Jordan Lee ',
        username: `jordan${me.id}`,
        phone: '(415) 555-0123',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        id: me.id,
        name: 'Jordan Lee',
        username: `jordan${me.id}`,
        phone: '+14155550123',
        avatarUrl: null,
      });
      expect(response.json().passwordHash).toBeUndefined();
      expect((await userRow(me.id)).phone).toBe('+14155550123');
    });

    it('takes US phones written any usual way, clears with null or empty, and refuses others', async () => {
      const me = await customer();
      const cookie = await sessionOf(me);
      for (const phone of ['415-555-0123', '415.555.0123', '+1 415 555 0123', '1 (415) 555-0123', '4155550123']) {
        const response = await call(cookie, 'PATCH', '/api/account', { phone });
        expect(response.statusCode, phone).toBe(200);
        expect(response.json().phone).toBe('+14155550123');
      }
      for (const phone of ['555-0123', '+44 20 7946 0958', '(015) 555-0123', '415-055-0123', 'call me', '415-555-01234']) {
        const response = await call(cookie, 'PATCH', '/api/account', { phone });
        expect(response.statusCode, phone).toBe(400);
        expect(response.json().fields.phone).toBe('Enter a US phone number, such as (415) 555-0123');
      }
      expect((await call(cookie, 'PATCH', '/api/account', { phone: null })).json().phone).toBeNull();
      await call(cookie, 'PATCH', '/api/account', { phone: '4155550123' });
      expect((await call(cookie, 'PATCH', '/api/account', { phone: '' })).json().phone).toBeNull();
    });

    it("refuses a 1-character name and a 2-character username with the register form's messages", async () => {
      const me = await customer();
      const cookie = await sessionOf(me);
      const name = await call(cookie, 'PATCH', '/api/account', { name: 'J' });
      expect(name.statusCode).toBe(400);
      expect(name.json().fields).toEqual({ name: 'Name must be at least 2 characters' });
      const username = await call(cookie, 'PATCH', '/api/account', { username: 'jo' });
      expect(username.json().fields).toEqual({ username: 'Username must be at least 3 characters' });
      expect((await userRow(me.id)).name).toBe(me.name);
    });

    it('answers 409 on username for a username taken by another account, in any case; keeping your own is fine', async () => {
      const me = await customer();
      const other = await customer();
      const cookie = await sessionOf(me);
      const taken = await call(cookie, 'PATCH', '/api/account', { username: other.username.toUpperCase() });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({
        message: 'This username is already taken',
        fields: { username: 'This username is already taken' },
      });
      expect((await call(cookie, 'PATCH', '/api/account', { username: me.username.toUpperCase() })).statusCode).toBe(200);
    });

    it("sets the photo to an upload of one's own, refuses another user's upload, and null removes it", async () => {
      const me = await customer();
      const other = await customer();
      const cookie = await sessionOf(me);
      const mine = await uploadOf(me);
      const theirs = await uploadOf(other);
      const refused = await call(cookie, 'PATCH', '/api/account', { avatarUploadId: theirs.id });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toEqual({ avatarUploadId: accountMessages.avatarNotYours });
      expect((await call(cookie, 'PATCH', '/api/account', { avatarUploadId: 2_000_000_000 })).statusCode).toBe(400);
      const set = await call(cookie, 'PATCH', '/api/account', { avatarUploadId: mine.id });
      expect(set.json().avatarUrl).toBe(`/api/uploads/${mine.id}`);
      expect((await call(cookie, 'GET', '/api/auth/user')).json().avatarUrl).toBe(`/api/uploads/${mine.id}`);
      expect((await call(cookie, 'PATCH', '/api/account', { avatarUploadId: null })).json().avatarUrl).toBeNull();
    });
  });

  describe('POST /api/account/password', () => {
    it('changes the password, ends every other session, keeps this one; the new password signs in', async () => {
      const me = await customer();
      const here = await sessionOf(me);
      const elsewhere = await sessionOf(me);
      const response = await call(here, 'POST', '/api/account/password', {
        currentPassword: testPassword,
        newPassword: 'a-brand-new-secret',
        confirmPassword: 'a-brand-new-secret',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect((await call(here, 'GET', '/api/auth/user')).statusCode).toBe(200);
      expect((await call(elsewhere, 'GET', '/api/auth/user')).statusCode).toBe(401);
      expect((await login(me.email, testPassword)).statusCode).toBe(401);
      const signedIn = await login(me.email, 'a-brand-new-secret');
      expect(signedIn.statusCode).toBe(200);
      expect(sessionCookie(signedIn)).toBeTruthy();
    });

    it('refuses a wrong current password with 400 on currentPassword and changes nothing', async () => {
      const me = await customer();
      const here = await sessionOf(me);
      const elsewhere = await sessionOf(me);
      const before = (await userRow(me.id)).passwordHash;
      const response = await call(here, 'POST', '/api/account/password', {
        currentPassword: 'not-my-password',
        newPassword: 'a-brand-new-secret',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ currentPassword: 'Your current password is incorrect' });
      expect((await userRow(me.id)).passwordHash).toBe(before);
      expect((await call(elsewhere, 'GET', '/api/auth/user')).statusCode).toBe(200);
    });

    it('applies the password policy to the new one (length, common list) and checks the confirmation', async () => {
      const me = await customer();
      const cookie = await sessionOf(me);
      const short = await call(cookie, 'POST', '/api/account/password', { currentPassword: testPassword, newPassword: 'short' });
      expect(short.json().fields).toEqual({ newPassword: passwordPolicyMessages.tooShort });
      const common = await call(cookie, 'POST', '/api/account/password', { currentPassword: testPassword, newPassword: 'password123' });
      expect(common.statusCode).toBe(400);
      expect(common.json().fields).toEqual({ newPassword: passwordPolicyMessages.common });
      const mismatch = await call(cookie, 'POST', '/api/account/password', {
        currentPassword: testPassword,
        newPassword: 'a-brand-new-secret',
        confirmPassword: 'a-brand-new-secreT',
      });
      expect(mismatch.json().fields).toEqual({ confirmPassword: 'Passwords do not match' });
      expect((await login(me.email, testPassword)).statusCode).toBe(200);
    });

    it('tells an account without a password (OpenID only) how to get one', async () => {
      const me = await createCustomer(account.t.ctx, { password: undefined, oidcSubject: `sub-${Date.now()}` });
      const response = await call(await sessionOf(me), 'POST', '/api/account/password', {
        currentPassword: 'anything',
        newPassword: 'a-brand-new-secret',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields.currentPassword).toBe(accountMessages.noPassword);
    });
  });
});
