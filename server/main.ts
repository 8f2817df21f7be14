import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { checkPortFree, startupStep } from './startup.ts';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Each step's expected failure (a bad value, a server that does not answer, a port in use) ends the process with
// one line naming the variable, no stack trace (server/startup.ts, decision 011).
const config = await startupStep(() => loadConfig());
// The rest of the code loads once the configuration is good: a bad value is said before seconds of loading the app
// (decision 041). The checks' own modules (the Redis client, the S3 SDK) come first, the app's after them.
const [{ checkRedis }, { checkObjectStorage }, { prepareDataDir }] = await Promise.all([
  import('./notifications/realtime/redis-bus.ts'),
  import('./storage/object-storage.ts'),
  import('./db/data-dir.ts'),
]);
const dataDir = path.resolve(rootDir, config.DATA_DIR);
// The cheap checks first: a port in use, an embedded database's folder that takes no files, an unreachable Redis or
// S3 bucket is said at once, not after loading the app, migrating and seeding.
await startupStep(
  () =>
    Promise.all([
      checkPortFree(config),
      config.DATABASE_URL || prepareDataDir(dataDir),
      config.REDIS_URL && checkRedis(config.REDIS_URL),
      checkObjectStorage(config),
    ]),
  config,
);
// The database is reached while the app's code loads (seconds on a busy machine): a database that does not answer is
// said once its own time is up, not after the loading too.
const { openDatabase } = await import('./db/client.ts');
const appCode = Promise.all([
  import('./seed/seed.ts'),
  import('./catalog/catalog-cache.ts'),
  import('./app.ts'),
  import('./shutdown.ts'),
  import('./seed/demo-history-aside.ts'),
]);
appCode.catch(() => undefined); // a failure is seen where it is awaited, once the database is open
// The seed runs before the app and its context exist (its catalog writes clear a cache nobody reads yet), after the
// migrations and under the same lock: instances started together on one database seed it one after another. On
// PGlite the demo history waits until the app listens (below): it takes tens of seconds (decision 047).
const historyAfterListen = config.DEMO_MODE && config.DEMO_HISTORY && !config.DATABASE_URL;
const seed = async (db: Database) => {
  const [{ seedDatabase }, { createCatalogCache }] = await appCode;
  const history = config.DEMO_HISTORY && !historyAfterListen;
  await seedDatabase(
    { db, catalogCache: createCatalogCache() },
    { demoMode: config.DEMO_MODE, catalog: config.SEED_CATALOG, config, history },
  );
};
const database = await startupStep(
  () => openDatabase(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL, prepare: seed } : { dataDir, prepare: seed }),
  config,
);
const [, , { buildApp }, { drainOnSignals }, { writeDemoHistoryAside }] = await appCode;
const app = await startupStep(() => buildApp({ config, database, clientDir: path.join(rootDir, 'dist/client') }), config, database.close);

// SIGTERM or SIGINT drains: running requests, job passes and deliveries finish; exit within 10 s (decision 041).
drainOnSignals(app, { closeDatabase: database.close, noticeMs: config.DRAIN_NOTICE_MS });

await startupStep(
  () => app.listen({ port: config.PORT, host: config.HOST }),
  config,
  async () => {
    await app.close();
    await database.close();
  },
);

if (historyAfterListen) {
  // Written on a copy and swapped in at once (server/seed/demo-history-aside.ts): screens show the seed until then.
  writeDemoHistoryAside({ db: database.db, catalogCache: app.ctx.catalogCache }, { config }).then(
    (result) => {
      if (!result.skipped) app.log.info({ demoHistory: result }, 'demo history written');
    },
    (error: unknown) => app.log.error({ err: error }, 'demo history failed'),
  );
}
