import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type DatabaseHandle } from '../../server/db/client.ts';
import type { Clock } from '../../server/clock.ts';
import { createPostgresDatabase, type DatabaseKind, type TestApp } from './test-app.ts';

/**
 * Two app instances on one database, as two servers behind a load balancer: on PostgreSQL each with its own pool
 * (its own connections), on PGlite sharing the one in-process database. `close` closes both and the database.
 */
export async function createTwoInstances(kind: DatabaseKind, clock: Clock, env: Record<string, string> = {}): Promise<{ a: TestApp; b: TestApp; close: () => Promise<void> }> {
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
