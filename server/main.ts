import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { seedDatabase } from './seed/seed.ts';
import { createCatalogCache } from './catalog/catalog-cache.ts';
import { buildApp } from './app.ts';
import { checkRedis } from './notifications/realtime/redis-bus.ts';
import { checkPortFree, startupStep } from './startup.ts';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Each step's expected failure (a bad value, a server that does not answer, a port in use) ends the process with
// one line naming the variable, no stack trace (server/startup.ts, decision 011).
const config = await startupStep(() => loadConfig());
// The cheap checks first: a port in use or an unreachable Redis is said at once, not after migrating and seeding.
await startupStep(() => Promise.all([checkPortFree(config), config.REDIS_URL && checkRedis(config.REDIS_URL)]), config);
// The seed runs before the app and its context exist (its catalog writes clear a cache nobody reads yet), after the
// migrations and under the same lock: instances started together on one database seed it one after another.
const seed = (db: Database) => seedDatabase({ db, catalogCache: createCatalogCache() }, { demoMode: config.DEMO_MODE, catalog: config.SEED_CATALOG, config, history: config.DEMO_HISTORY });
const database = await startupStep(
  () => openDatabase(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL, prepare: seed } : { dataDir: path.resolve(rootDir, config.DATA_DIR), prepare: seed }),
  config,
);
const app = await startupStep(() => buildApp({ config, database, clientDir: path.join(rootDir, 'dist/client') }), config, database.close);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
}

await startupStep(() => app.listen({ port: config.PORT, host: config.HOST }), config, async () => {
  await app.close();
  await database.close();
});
