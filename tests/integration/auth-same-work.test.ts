import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { emailVerificationTokens, outboxEmails, passwordResetTokens } from '../../server/db/schema.ts';
import { createCustomer } from '../factories/index.ts';
import { createTestApp, databaseKinds, type TestApp } from './test-app.ts';

/**
 * Issue 38: forgot-password and resend-confirmation told a real account from an unknown one by their time. They now
 * do the same work for both (auth-service.ts `linkForAnyone`): checked here by the work itself, never by timing.
 */
describe.each(databaseKinds)('the same work for any address on %s', (kind) => {
  let t: TestApp;
  let address = 0;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const tokens = async (table: typeof passwordResetTokens | typeof emailVerificationTokens) =>
    (await t.db.select({ n: count() }).from(table))[0]!.n;
  const outboxTo = (to: string) => t.db.select().from(outboxEmails).where(eq(outboxEmails.to, to));

  /** What one request did: the emails it composed and wrote (in order), and how many tokens it left behind. */
  async function workOf(url: string, email: string, table: typeof passwordResetTokens | typeof emailVerificationTokens) {
    const send = vi.spyOn(t.ctx.mailer, 'send');
    const before = await tokens(table);
    // Each request from its own address: the routes' rate limits are not what is looked at here.
    address += 1;
    const response = await t.app.inject({ method: 'POST', url, payload: { email }, remoteAddress: `10.38.0.${address}` });
    const composed = send.mock.calls.map(([, mail]) => ({ to: mail.to, subject: mail.subject, lines: mail.text.split('\n').length }));
    send.mockRestore();
    return {
      status: response.statusCode,
      body: response.body,
      composed,
      tokensLeft: (await tokens(table)) - before,
      kept: await outboxTo(email),
    };
  }

  it('forgot-password: a real account and an unknown address compose and write the same email; only the real one is kept', async () => {
    const user = await createCustomer(t.ctx);
    const real = await workOf('/api/auth/forgot-password', user.email, passwordResetTokens);
    const unknown = await workOf('/api/auth/forgot-password', 'nobody-at-all@example.com', passwordResetTokens);
    expect(unknown.status).toBe(real.status);
    expect(unknown.body).toBe(real.body);
    expect(real.composed).toEqual([{ to: user.email, subject: 'Reset your Glossly password', lines: 6 }]);
    expect(unknown.composed).toEqual([{ to: 'nobody-at-all@example.com', subject: 'Reset your Glossly password', lines: 6 }]);
    expect([real.tokensLeft, real.kept.length]).toEqual([1, 1]);
    expect([unknown.tokensLeft, unknown.kept.length]).toEqual([0, 0]);
  });

  it('resend-confirmation: an unconfirmed account and an unknown or confirmed address do the same work', async () => {
    const unconfirmed = await createCustomer(t.ctx, { emailVerifiedAt: null });
    const confirmed = await createCustomer(t.ctx);
    const real = await workOf('/api/auth/resend-verification', unconfirmed.email, emailVerificationTokens);
    const others = [
      await workOf('/api/auth/resend-verification', 'nobody-here@example.com', emailVerificationTokens),
      await workOf('/api/auth/resend-verification', confirmed.email, emailVerificationTokens),
    ];
    expect(real.composed).toEqual([{ to: unconfirmed.email, subject: 'Confirm your Glossly email', lines: 6 }]);
    expect([real.tokensLeft, real.kept.length]).toEqual([1, 1]);
    for (const other of others) {
      expect(other.body).toBe(real.body);
      expect(other.composed).toEqual([{ ...real.composed[0], to: other.composed[0]?.to }]);
      expect([other.tokensLeft, other.kept.length]).toEqual([0, 0]);
    }
  });
});
