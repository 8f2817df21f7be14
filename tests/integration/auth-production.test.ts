import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { outboxEmails } from '../../server/db/schema.ts';
import { registrationPayload as newAccount } from '../factories/index.ts';
import { createTestApp, databaseKinds, type TestApp } from './test-app.ts';

describe.each(databaseKinds)('production settings on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: {
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://127.0.0.1:9',
        PUBLIC_URL: 'https://glossly.example',
        OIDC_CLIENT_ID: 'id',
        OIDC_CLIENT_SECRET: 'secret',
        PAYMENTS_GATEWAY: 'test',
      },
    });
  });
  afterAll(() => t.close());

  it('marks the session cookie Secure, and the confirmation link is on PUBLIC_URL', async () => {
    const account = newAccount();
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: account });
    expect(response.statusCode).toBe(201);
    const [email] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, account.email));
    const token = /^https:\/\/glossly\.example\/verify-email\?token=([\w-]+)$/m.exec(email!.text)![1]!;
    const verified = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(verified.statusCode).toBe(200);
    expect(verified.cookies.find((c) => c.name === 'glossly_session')!.secure).toBe(true);
  });

  it('has no demo sign-in', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/demo-login', payload: { role: 'admin' } });
    expect(response.statusCode).toBe(404);
  });

  it('checks Origin against PUBLIC_URL', async () => {
    const account = newAccount();
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: account,
      headers: { origin: 'http://localhost' },
    });
    expect(wrong.statusCode).toBe(403);
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: account,
      headers: { origin: 'https://glossly.example' },
    });
    expect(right.statusCode).toBe(201);
  });

  it('keeps the email in the outbox and answers normally when nothing listens on SMTP_URL', async () => {
    const account = newAccount();
    await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: account });
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: account.email } });
    expect(response.statusCode).toBe(200);
    const [email] = await t.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, account.email), like(outboxEmails.subject, 'Reset%')));
    expect(email!.text).toContain('https://glossly.example/reset-password?token=');
    expect(email!.sentAt).toBeNull();
    // The relay's refusal is kept on the row and the email is retried later.
    await expect
      .poll(async () => (await t.db.select().from(outboxEmails).where(eq(outboxEmails.id, email!.id)))[0]!.lastError, { timeout: 5_000 })
      .toBeTruthy();
  });

  it('reports Google as enabled when a client id and secret are set', async () => {
    const providers = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(providers.json()).toEqual({ google: { enabled: true, reason: null } });
  });
});
