import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { accountMessages } from '@core/domain/account.ts';
import { emailChangeTokens } from '../../server/db/schema.ts';
import { emailChangeLifetimeMs } from '../../server/account/email-change-service.ts';
import { createCustomer, testPassword } from '../factories/index.ts';
import { databaseKinds } from './test-app.ts';
import { emailChangeTokenOf, useAccountTestApp } from './account-test-app.ts';

// Decision 019, Profile: changing the email through a link sent to the new address (decision 010's way).
describe.each(databaseKinds)('changing the email on %s', (kind) => {
  const account = useAccountTestApp(kind);
  const { call, sessionOf, userRow, mailTo, mailsTo, clock } = account;
  const newAddress = () => `new-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const confirmSubject = 'Confirm your new Glossly email';

  it('mails a link to the new address; nothing changes until it is opened, then the email is the new one, confirmed', async () => {
    const me = await createCustomer(account.t.ctx, { emailVerifiedAt: null });
    const here = await sessionOf(me);
    const elsewhere = await sessionOf(me);
    const target = newAddress();
    const asked = await call(here, 'POST', '/api/account/email', { newEmail: target, password: testPassword });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({ message: accountMessages.emailChangeSent });
    const mail = await mailTo(target, confirmSubject);
    expect(mail).toContain('/confirm-email?token=');
    expect((await userRow(me.id)).email).toBe(me.email);
    // Only the hash is stored.
    const [stored] = await account.t.db.select().from(emailChangeTokens).where(eq(emailChangeTokens.userId, me.id));
    expect(stored!.tokenHash).not.toBe(emailChangeTokenOf(mail));

    const confirmed = await call(here, 'POST', '/api/account/email/confirm', { token: emailChangeTokenOf(mail) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ message: accountMessages.emailChanged, email: target });
    const row = await userRow(me.id);
    expect(row.email).toBe(target);
    expect(row.emailVerifiedAt).not.toBeNull();
    expect((await call(here, 'GET', '/api/auth/user')).json().email).toBe(target);
    expect((await call(elsewhere, 'GET', '/api/auth/user')).statusCode).toBe(401);
    // The old address hears about it.
    await mailTo(me.email, 'Your Glossly email was changed');
    // Single use.
    const again = await call(null, 'POST', '/api/account/email/confirm', { token: emailChangeTokenOf(mail) });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(accountMessages.emailLinkInvalid);
  });

  it('refuses a wrong password, and a link opened after 24 hours', async () => {
    const me = await createCustomer(account.t.ctx);
    const cookie = await sessionOf(me);
    const wrong = await call(cookie, 'POST', '/api/account/email', { newEmail: newAddress(), password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ password: accountMessages.wrongPassword });

    const target = newAddress();
    expect((await call(cookie, 'POST', '/api/account/email', { newEmail: target, password: testPassword })).statusCode).toBe(202);
    const token = emailChangeTokenOf(await mailTo(target, confirmSubject));
    const started = clock.now();
    try {
      clock.advance(emailChangeLifetimeMs + 1000);
      const expired = await call(null, 'POST', '/api/account/email/confirm', { token });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().message).toBe(accountMessages.emailLinkExpired);
    } finally {
      clock.set(started);
    }
    expect((await userRow(me.id)).email).toBe(me.email);
  });

  it('answers an address that already has an account exactly as a new one, and changes nothing', async () => {
    const me = await createCustomer(account.t.ctx);
    const owner = await createCustomer(account.t.ctx);
    const cookie = await sessionOf(me);
    const free = await call(cookie, 'POST', '/api/account/email', { newEmail: newAddress(), password: testPassword });
    const taken = await call(cookie, 'POST', '/api/account/email', { newEmail: owner.email.toUpperCase(), password: testPassword });
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.body).toBe(free.body);
    // The owner is told; no link to take over their address exists.
    const notice = await mailTo(owner.email, 'Someone tried to use your email on Glossly');
    expect(notice).not.toContain('/confirm-email');
    const pending = await account.t.db
      .select()
      .from(emailChangeTokens)
      .where(and(eq(emailChangeTokens.userId, me.id)));
    expect(pending.map((row) => row.newEmail.toLowerCase())).not.toContain(owner.email.toLowerCase());
    expect((await userRow(owner.id)).email).toBe(owner.email);
  });

  it('lets only the newest link work, and refuses a link whose address was taken in between', async () => {
    const me = await createCustomer(account.t.ctx);
    const cookie = await sessionOf(me);
    const first = newAddress();
    const second = newAddress();
    await call(cookie, 'POST', '/api/account/email', { newEmail: first, password: testPassword });
    const firstToken = emailChangeTokenOf(await mailTo(first, confirmSubject));
    await call(cookie, 'POST', '/api/account/email', { newEmail: second, password: testPassword });
    const secondToken = emailChangeTokenOf(await mailTo(second, confirmSubject));
    expect((await call(null, 'POST', '/api/account/email/confirm', { token: firstToken })).statusCode).toBe(400);

    await createCustomer(account.t.ctx, { email: second });
    const raced = await call(null, 'POST', '/api/account/email/confirm', { token: secondToken });
    expect(raced.statusCode).toBe(400);
    expect(raced.json().message).toBe(accountMessages.emailNoLongerAvailable);
    expect((await userRow(me.id)).email).toBe(me.email);
    expect(mailsTo(me.email).some((mail) => mail.includes('Your Glossly email was changed'))).toBe(false);
  });

  it('refuses an unknown token and its own current address', async () => {
    const me = await createCustomer(account.t.ctx);
    expect((await call(null, 'POST', '/api/account/email/confirm', { token: 'made-up-token' })).statusCode).toBe(400);
    const same = await call(await sessionOf(me), 'POST', '/api/account/email', { newEmail: me.email, password: testPassword });
    expect(same.statusCode).toBe(400);
    expect(same.json().fields).toEqual({ newEmail: accountMessages.sameEmail });
  });
});
