import { describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../../server/db/client.ts';
import { createCatalogCache } from '../../server/catalog/catalog-cache.ts';
import { detailers, membershipPlans, serviceCategories, services, users } from '../../server/db/schema.ts';
import { seedDatabase } from '../../server/seed/seed.ts';
import { createPostgresDatabase } from './test-app.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) console.warn('SKIPPED: starting three instances on a new database needs TEST_DATABASE_URL (CI sets it).');

const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO_MODE: 'true' });
/** What main.ts runs after the migrations, under the start-up lock. */
// The catalog and demo accounts without the months of demo history: the same find-then-create races, in seconds.
const seed = (db: Database) => seedDatabase({ db, catalogCache: createCatalogCache() }, { demoMode: true, config, history: false });

async function counts(db: Database) {
  const of = async (table: typeof users | typeof detailers | typeof services | typeof serviceCategories | typeof membershipPlans) =>
    (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    users: await of(users),
    detailers: await of(detailers),
    services: await of(services),
    categories: await of(serviceCategories),
    plans: await of(membershipPlans),
  };
}

// Issue 38: two instances started together on a fresh PostgreSQL migrated side by side and one died
// (pg_type_typname_nsp_index); the seed's find-then-create raced too. Both now run under an advisory lock.
describe.skipIf(!serverUrl)('instances started at once on a new PostgreSQL database', () => {
  it('all three come up, migrated and seeded once', async () => {
    const database = await createPostgresDatabase();
    const handles: DatabaseHandle[] = [];
    try {
      const started = await Promise.allSettled([1, 2, 3].map(() => openDatabase({ databaseUrl: database.url, prepare: seed })));
      for (const outcome of started) if (outcome.status === 'fulfilled') handles.push(outcome.value);
      expect(started.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : 'up'))).toEqual(['up', 'up', 'up']);
      const apps = await Promise.all(handles.map((handle) => buildApp({ config, database: handle })));
      try {
        for (const app of apps) expect((await app.inject({ method: 'GET', url: '/api/services' })).statusCode).toBe(200);
      } finally {
        await Promise.all(apps.map((app) => app.close()));
      }
      // Seeded once: the same rows as one instance alone seeds into an empty database.
      const alone = await openDatabase({ dataDir: undefined, prepare: seed });
      try {
        expect(await counts(handles[0]!.db)).toEqual(await counts(alone.db));
      } finally {
        await alone.close();
      }
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await database.drop();
    }
  }, 180_000);
});
