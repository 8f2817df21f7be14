import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import type { Logger } from 'drizzle-orm/logger';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { connectionFailure, UnavailableError, urlTarget } from '../startup.ts';
import { prepareDataDir } from './data-dir.ts';
import { setDrizzleParsersOnce } from './pglite-parsers.ts';
import * as schema from './schema.ts';

/** One type for both drivers: services never know which database they run on. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Limits on PostgreSQL (decision 011): a server that does not answer fails a connection attempt after
 * `connectMs`; the server cancels a statement after `statementMs` and ends a session left idle inside a
 * transaction after `idleInTransactionMs`, so a stuck query or a forgotten transaction never holds a connection
 * (and its locks) for good.
 */
export const postgresTimeouts = { connectMs: 5_000, poolWaitMs: 30_000, statementMs: 15_000, idleInTransactionMs: 30_000 };

export type DatabaseOptions = (
  | {
      databaseUrl: string;
      /** Told about each connection the server or the network ends; the pool replaces it. Default: a warning on stderr. */
      onConnectionError?: (error: Error) => void;
    }
  /** dataDir undefined keeps PGlite in memory (tests). */
  | { dataDir: string | undefined }
) & {
  /** Run after the migrations and, on PostgreSQL, under the same lock (the seed): once per database at a time. */
  prepare?: (db: Database) => Promise<void>;
  /** Told each statement Drizzle runs (tests count what a request costs the database); none by default. */
  logger?: Logger;
};

/**
 * The advisory lock key instances take while they migrate and seed one PostgreSQL database ('glossly1' as a
 * 64-bit number). Three instances started at once on a new database migrated it side by side and one died
 * (duplicate key value violates unique constraint pg_type_typname_nsp_index); the seed's find-then-create raced
 * the same way. Held by a connection of its own, without a statement timeout, so the others wait their turn
 * however long the first takes; a session lock ends with its connection, so a crashed instance releases it.
 */
export const startupLockKey = 0x676c6f73736c7931n;

/**
 * Opens the database and applies every committed migration before anything reads it. A server that cannot be
 * reached, a database that does not exist or a data folder that cannot be one throws an UnavailableError.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('databaseUrl' in options) return openPostgres(options.databaseUrl, options.onConnectionError, options.prepare, options.logger);
  if (options.dataDir) prepareDataDir(options.dataDir);
  const client = await PGlite.create({ dataDir: options.dataDir, extensions: { btree_gist } });
  const db = drizzlePglite(setDrizzleParsersOnce(client), { schema, logger: options.logger });
  await migratePglite(db, { migrationsFolder });
  await options.prepare?.(db as unknown as Database);
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
}

const warnConnectionLost = (error: Error) => console.warn(`PostgreSQL connection lost: ${error.message}`);

async function openPostgres(
  databaseUrl: string,
  onConnectionError = warnConnectionLost,
  prepare?: (db: Database) => Promise<void>,
  logger?: Logger,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    // pg-pool counts the wait for a free connection in this timeout too: a burst of requests queues for up to
    // poolWaitMs instead of failing after connectMs. Start-up's first connection below uses connectMs alone.
    connectionTimeoutMillis: postgresTimeouts.poolWaitMs,
    statement_timeout: postgresTimeouts.statementMs,
    idle_in_transaction_session_timeout: postgresTimeouts.idleInTransactionMs,
    // Notice a peer that vanished (no FIN) on an idle connection within a minute or so.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // A connection the server drops (restart, failover, pg_terminate_backend) must never crash the process: idle
  // ones are reported by the pool, checked-out ones by the client itself; either way the pool discards it.
  pool.on('error', onConnectionError);
  pool.on('connect', (client) => client.on('error', onConnectionError));

  const target = urlTarget(databaseUrl, 5432);
  // The first connection proves the server answers, then holds the start-up lock (startupLockKey).
  const lock = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: postgresTimeouts.connectMs });
  lock.on('error', () => undefined);
  try {
    await lock.connect();
  } catch (error) {
    await lock.end().catch(() => undefined);
    await pool.end().catch(() => undefined);
    throw connectionFailure('postgres', target, error, postgresTimeouts.connectMs);
  }
  const db = drizzlePg(pool, { schema, logger });
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [startupLockKey.toString()]);
    await migratePg(db, { migrationsFolder });
    await prepare?.(db as unknown as Database);
  } catch (error) {
    await pool.end().catch(() => undefined);
    // What the server refused (a missing extension, no right to create a schema, a statement timeout) is the
    // operator's to fix; anything else is a bug and keeps its stack.
    const serverError = sqlState(error);
    if (serverError) throw new UnavailableError('postgres', `migrating ${target} failed: ${serverError}`, { cause: error });
    throw error;
  } finally {
    // Ending the connection ends its session lock too.
    await lock.end().catch(() => undefined);
  }
  return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
}

/** The message of the PostgreSQL error under Drizzle's wrapper, when there is one. */
function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return current.message;
    current = current.cause;
  }
  return undefined;
}
