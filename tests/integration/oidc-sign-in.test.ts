import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema.ts';
import { oidcLinkMessages, signInWithOidc, usernameBase } from '../../server/identity/oidc-service.ts';
import { createCustomer } from '../factories/index.ts';
import { createTestApp, databaseKinds, type TestApp } from './test-app.ts';

describe('usernameBase (the spec search-engine sign-up rule)', () => {
  it('lowercases the display name without spaces, else takes the email local part', () => {
    expect(usernameBase({ name: 'Gina  Van Google', email: 'g@example.com' })).toBe('ginavangoogle');
    expect(usernameBase({ name: null, email: 'Mary.Major@example.com' })).toBe('mary.major');
    expect(usernameBase({ name: 'Al', email: 'al@example.com' })).toBe('aluser');
  });
});

describe.each(databaseKinds)('OpenID Connect accounts on %s', (kind) => {
  let t: TestApp;
  const signedInAt = { now: () => new Date('2026-11-23T16:00:00Z') };
  const ctx = (adminEmails = ['chief@example.com']) => ({
    ...t.ctx,
    clock: signedInAt,
    config: { ...t.ctx.config, ADMIN_EMAILS: adminEmails },
  });

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('registers a new person as a customer with a unique username, then signs the same subject in again', async () => {
    const first = await signInWithOidc(ctx(), { subject: 'sub-1', email: 'gina1@example.com', name: 'Gina Google', emailVerified: true });
    expect(first.user).toMatchObject({ username: 'ginagoogle', role: 'customer', name: 'Gina Google' });
    const second = await signInWithOidc(ctx(), { subject: 'sub-2', email: 'gina2@example.com', name: 'Gina Google', emailVerified: true });
    expect(second.user.username).toBe('ginagoogle2');
    const again = await signInWithOidc(ctx(), { subject: 'sub-1', email: 'gina1@example.com', name: 'Gina Google', emailVerified: true });
    expect(again.user.id).toBe(first.user.id);
    expect(again.sessionToken).not.toBe(first.sessionToken);
  });

  it('an existing email signs in to that account and links it; ADMIN_EMAILS make a new person admin', async () => {
    const existing = await createCustomer(t.ctx);
    const linked = await signInWithOidc(ctx(), {
      subject: 'sub-existing',
      email: existing.email.toUpperCase(),
      name: 'Whoever',
      emailVerified: true,
    });
    expect(linked.user.id).toBe(existing.id);
    const [row] = await t.db.select().from(users).where(eq(users.id, existing.id));
    expect(row!.oidcSubject).toBe('sub-existing');
    const chief = await signInWithOidc(ctx(), { subject: 'sub-chief', email: 'chief@example.com', name: null, emailVerified: true });
    expect(chief.user).toMatchObject({ role: 'admin', username: 'chief' });
  });

  it('refuses a second provider identity for a linked email, and a disabled account', async () => {
    const existing = await createCustomer(t.ctx, { oidcSubject: 'sub-owner' });
    await expect(
      signInWithOidc(ctx(), { subject: 'sub-intruder', email: existing.email, name: null, emailVerified: true }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    await t.db.update(users).set({ isDisabled: true }).where(eq(users.id, existing.id));
    await expect(
      signInWithOidc(ctx(), { subject: 'sub-owner', email: existing.email, name: null, emailVerified: true }),
    ).rejects.toMatchObject({
      message: 'This account has been disabled. Please contact support.',
    });
  });
  it('links an existing account only when its email is verified here and the provider says email_verified', async () => {
    const unconfirmed = await createCustomer(t.ctx, { emailVerifiedAt: null });
    await expect(
      signInWithOidc(ctx(), { subject: 'sub-u1', email: unconfirmed.email, name: null, emailVerified: true }),
    ).rejects.toMatchObject({
      code: 'forbidden',
      message: oidcLinkMessages.unverifiedAccount,
    });
    const confirmed = await createCustomer(t.ctx);
    await expect(
      signInWithOidc(ctx(), { subject: 'sub-u2', email: confirmed.email, name: null, emailVerified: false }),
    ).rejects.toMatchObject({
      code: 'forbidden',
      message: oidcLinkMessages.unverifiedProvider,
    });
    const rows = await t.db.select().from(users).where(eq(users.id, unconfirmed.id));
    expect(rows[0]!.oidcSubject).toBeNull();
    const [confirmedRow] = await t.db.select().from(users).where(eq(users.id, confirmed.id));
    expect(confirmedRow!.oidcSubject).toBeNull();
  });

  it('ADMIN_EMAILS make a new provider account admin only when the provider verified the address (any case)', async () => {
    const unverified = await signInWithOidc(ctx(), {
      subject: 'sub-chief-2',
      email: 'Chief2@Example.com',
      name: null,
      emailVerified: false,
    });
    expect(unverified.user.role).toBe('customer');
    const [row] = await t.db.select().from(users).where(eq(users.id, unverified.user.id));
    expect(row!.emailVerifiedAt).toBeNull();
    const verified = await signInWithOidc(ctx(['chief3@example.com']), {
      subject: 'sub-chief-3',
      email: 'CHIEF3@example.com',
      name: null,
      emailVerified: true,
    });
    expect(verified.user.role).toBe('admin');
  });
});
