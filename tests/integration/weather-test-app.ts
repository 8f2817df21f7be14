import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type DatabaseHandle } from '../../server/db/client.ts';
import type { Clock } from '../../server/clock.ts';
import { createAdmin } from '../factories/index.ts';
import { createCaller, createPostgresDatabase, createTestApp, createTestClock, type DatabaseKind, type TestApp } from './test-app.ts';

/**
 * The app of the admin's demo-only pages (the weather test page, the debug routes), set up and closed by the
 * calling describe block; `env: { DEMO_MODE: 'false' }` builds it with those pages switched off.
 */
export function useDemoAdminApp(kind: DatabaseKind, options: { clock?: Clock; env?: Record<string, string> } = {}) {
  const clock = options.clock ?? createTestClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: options.env });
  });
  afterAll(() => t?.close());
  const { call } = createCaller(() => t, clock);
  return {
    clock,
    call,
    /** An admin without a password: hashing one per test would only measure argon2. */
    admin: () => createAdmin(t.ctx, { password: undefined }),
    /** The running app's parts (only inside tests and hooks). */
    get ctx() {
      return t.ctx;
    },
    get db() {
      return t.db;
    },
    get config() {
      return t.config;
    },
  };
}

/**
 * Two app instances on one database, as two servers behind a load balancer: on PostgreSQL each with its own pool
 * (its own connections), on PGlite sharing the one in-process database. `close` closes both and the database.
 */
export async function createTwoInstances(
  kind: DatabaseKind,
  clock: Clock,
  env: Record<string, string> = {},
): Promise<{ a: TestApp; b: TestApp; close: () => Promise<void> }> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  let handles: DatabaseHandle[];
  let drop: () => Promise<void> = async () => undefined;
  if (kind === 'postgres') {
    const database = await createPostgresDatabase();
    drop = database.drop;
    const first = await openDatabase({ databaseUrl: database.url });
    handles = [first, await openDatabase({ databaseUrl: database.url })];
  } else {
    const shared = await openDatabase({ dataDir: undefined });
    handles = [shared, shared];
  }
  const apps = await Promise.all(handles.map((database) => buildApp({ config, database, clock })));
  const asTestApp = (index: number): TestApp => ({
    app: apps[index]!,
    db: handles[index]!.db,
    ctx: apps[index]!.ctx,
    config,
    close: async () => undefined,
  });
  return {
    a: asTestApp(0),
    b: asTestApp(1),
    async close() {
      for (const app of apps) await app.close();
      for (const handle of new Set(handles)) await handle.close();
      await drop();
    },
  };
}
