import { openDatabase, type DatabaseHandle } from '../../server/db/client.ts';
import { createPostgresDatabase, type DatabaseKind } from './test-app.ts';

/** Two handles on ONE database, as two instances have: two PostgreSQL pools on one new database, or one PGlite shared in-process. */
export async function openSharedDatabase(
  kind: DatabaseKind,
): Promise<{ a: DatabaseHandle; b: DatabaseHandle; close: () => Promise<void> }> {
  if (kind === 'pglite') {
    const handle = await openDatabase({ dataDir: undefined });
    return { a: handle, b: handle, close: () => handle.close() };
  }
  const database = await createPostgresDatabase();
  const a = await openDatabase({ databaseUrl: database.url });
  const b = await openDatabase({ databaseUrl: database.url });
  return {
    a,
    b,
    async close() {
      await a.close();
      await b.close();
      await database.drop();
    },
  };
}
