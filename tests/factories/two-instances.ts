import type { Agent } from 'node:https';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { Clock } from '../../server/clock.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { openDatabase, type DatabaseHandle } from '../../server/db/client.ts';
import { createPostgresDatabase, type DatabaseKind, type TestApp } from '../integration/test-app.ts';

/** One instance of two: its app, its own database handle and context, and the address it listens on. */
export type Instance = Omit<TestApp, 'close'> & { url: string };

/**
 * TEST_REDIS_URL, or undefined after a loud warning: a test that needs Redis and skips without it is not a hidden pass.
 * `test` names it in the warning ('the two-instance rate limit test').
 */
export function testRedisUrl(test: string): string | undefined {
  const url = process.env.TEST_REDIS_URL;
  if (!url) console.warn(`SKIPPED: ${test} needs TEST_REDIS_URL (CI sets redis://127.0.0.1:6379).`);
  return url;
}

/**
 * Two app instances on one database, as two servers behind a load balancer, built before the calling describe
 * block's tests and closed after them: on PostgreSQL each with its own pool (its own connections), on PGlite both on
 * the one in-process database. Each listens on a port of its own (`url`) for the live streams. `env` adds to the
 * test configuration (`REDIS_URL` puts both on one Redis); `another()` builds a third instance on the same database,
 * which the test closes.
 */
export function useTwoInstances(kind: DatabaseKind, options: { env?: Record<string, string>; clock?: Clock; pushAgent?: Agent } = {}) {
  let handles: [DatabaseHandle, DatabaseHandle];
  let drop: () => Promise<void> = async () => undefined;
  let a: Instance;
  let b: Instance;
  let config: Config;
  const build = (database: DatabaseHandle) => buildApp({ config, database, clock: options.clock, pushAgent: options.pushAgent });

  const start = async (database: DatabaseHandle): Promise<Instance> => {
    const app = await build(database);
    return { app, db: database.db, ctx: app.ctx, config, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
  };

  beforeAll(async () => {
    // Read when the block runs, not when it is collected: a skipped block's env may name no Redis.
    config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env });
    if (kind === 'postgres') {
      const database = await createPostgresDatabase();
      drop = database.drop;
      handles = [await openDatabase({ databaseUrl: database.url }), await openDatabase({ databaseUrl: database.url })];
    } else {
      const shared = await openDatabase({ dataDir: undefined });
      handles = [shared, shared];
    }
    a = await start(handles[0]);
    b = await start(handles[1]);
  });
  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    for (const handle of new Set(handles ?? [])) await handle.close();
    await drop();
  });

  return {
    get a() {
      return a;
    },
    get b() {
      return b;
    },
    another: async (): Promise<TestApp> => {
      const app = await build(handles[0]);
      return { app, db: handles[0].db, ctx: app.ctx, config, close: () => app.close() };
    },
  };
}
