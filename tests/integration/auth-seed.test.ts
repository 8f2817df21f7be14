import { afterEach, describe, expect, it } from 'vitest';
import { isNotNull } from 'drizzle-orm';
import type { Database } from '../../server/db/client.ts';
import { detailers, serviceCategories, services, users } from '../../server/db/schema.ts';
import { seedDatabase } from '../../server/seed/seed.ts';
import { demoAccounts, demoPassword, seedDetailers } from '../../server/seed/seed-data.ts';
import { verifyPassword } from '../../server/identity/passwords.ts';
import { createTestApp, databaseKinds, type TestApp } from './test-app.ts';

const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://glossly.example', PAYMENTS_GATEWAY: 'test' };

/** Every account whose password is the published demo one. */
async function accountsWithDemoPassword(db: Database) {
  const withPassword = await db.select().from(users).where(isNotNull(users.passwordHash));
  const matches = await Promise.all(withPassword.map((row) => verifyPassword(row.passwordHash!, demoPassword)));
  return withPassword.filter((_, index) => matches[index]).map((row) => row.email);
}

describe.each(databaseKinds)('what a start seeds, on %s', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const signIn = (email: string, password: string) =>
    t!.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: '10.3.0.1' });
  /** As main.ts seeds: with the configuration's options. */
  const seedAsConfigured = () => seedDatabase(t!.ctx, { demoMode: t!.config.DEMO_MODE, catalog: t!.config.SEED_CATALOG });

  it('production settings: no demo account, nobody with the demo password, admin@demo.glossly.app / glossly-demo refused', async () => {
    t = await createTestApp(kind, { env: production });
    expect(t.config.DEMO_MODE).toBe(false);
    await seedAsConfigured();
    const refused = await signIn(demoAccounts.admin.email, demoPassword);
    expect(refused.statusCode).toBe(401);
    expect(await accountsWithDemoPassword(t.db)).toEqual([]);
    expect(await t.db.select().from(users)).toEqual([]);
    expect(await t.db.select().from(serviceCategories)).toEqual([]);
  });

  it('production with SEED_CATALOG=true: the catalog and detailer profiles, detailer accounts without a password', async () => {
    t = await createTestApp(kind, { env: { ...production, SEED_CATALOG: 'true' } });
    await seedAsConfigured();
    expect((await t.db.select().from(detailers)).length).toBe(seedDetailers.length);
    expect((await t.db.select().from(services)).length).toBeGreaterThan(0);
    const accounts = await t.db.select().from(users);
    expect(accounts.map((row) => row.email).sort()).toEqual(seedDetailers.map((seed) => seed.email).sort());
    expect(accounts.every((row) => row.passwordHash === null && row.role === 'detailer')).toBe(true);
    expect(await accountsWithDemoPassword(t.db)).toEqual([]);
    expect((await signIn(demoAccounts.detailer.email, demoPassword)).statusCode).toBe(401);
    expect((await signIn(demoAccounts.admin.email, demoPassword)).statusCode).toBe(401);
  });

  it('demo mode: every demo account signs in with the published password, already verified', async () => {
    t = await createTestApp(kind, { env: { DEMO_MODE: 'true' } });
    await seedAsConfigured();
    for (const account of Object.values(demoAccounts)) {
      expect((await signIn(account.email, demoPassword)).statusCode).toBe(200);
    }
    const accounts = await t.db.select().from(users);
    expect(accounts.every((row) => row.emailVerifiedAt !== null)).toBe(true);
  });

  it('a database seeded in demo mode and started without it keeps no account with the demo password', async () => {
    t = await createTestApp(kind, { env: { ...production, SEED_CATALOG: 'true' } });
    await seedDatabase(t.ctx, { demoMode: true });
    expect((await accountsWithDemoPassword(t.db)).length).toBeGreaterThan(0);
    await seedAsConfigured();
    expect(await accountsWithDemoPassword(t.db)).toEqual([]);
    expect((await signIn(demoAccounts.admin.email, demoPassword)).statusCode).toBe(401);
  });
});
