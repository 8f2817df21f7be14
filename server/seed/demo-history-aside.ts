import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { Database } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { setDrizzleParsersOnce } from '../db/pglite-parsers.ts';
import { createCatalogCache } from '../catalog/catalog-cache.ts';
import type { CatalogWriter } from '../catalog/catalog-admin-service.ts';
import { isDemoHistoryDue, seedDemoHistory, type DemoHistoryOptions, type DemoHistoryResult } from './demo-history.ts';

// The demo history takes 20-40 s of queries (issue 40). Written in place, inside its one transaction, it holds
// PGlite's only connection that long: every request would wait. So a first start on PGlite listens first and writes
// the history on a copy of the database (PGlite's clone, in memory), then copies the result back in one short
// transaction. A screen sees the database before the history or after it, never half of it (decision 047).

/** How the history reached the database: copied from the clone, or written in place after a write in the window. */
export type DemoHistoryAsideResult = DemoHistoryResult & { how: 'none' | 'copied' | 'in place'; attempts: number };

type CopyClient = Pick<PGlite, 'query'>;

/**
 * The current transaction id, which takes one: a later transaction that reads `mark + 1` knows no other write
 * happened in between (a read-only statement takes none).
 */
async function transactionMark(client: CopyClient): Promise<bigint> {
  const { rows } = await client.query<{ mark: string }>('select txid_current()::text as mark');
  return BigInt(rows[0]!.mark);
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Replaces every table of the public schema in `target` (inside its transaction) by the clone's rows, and sets
 * each sequence to the clone's value. Constraints and triggers are the same on both sides (one schema), so they
 * are left out while rows come in (session_replication_role), as pg_restore does.
 */
async function copyEverything(from: PGlite, target: CopyClient): Promise<void> {
  const { rows: tables } = await from.query<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
  );
  await target.query('set local session_replication_role = replica');
  if (tables.length) await target.query(`truncate ${tables.map((t) => quoted(t.name)).join(', ')}`);
  for (const { name } of tables) {
    const { blob } = await from.query(`copy ${quoted(name)} to '/dev/blob'`);
    if (blob && blob.size > 0) await target.query(`copy ${quoted(name)} from '/dev/blob'`, [], { blob });
  }
  const { rows: sequences } = await from.query<{ name: string; value: string | null }>(
    "select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'",
  );
  for (const { name, value } of sequences) {
    // A sequence never used yet starts again at its first value.
    if (value === null) await target.query(`select setval('public.${quoted(name)}', 1, false)`);
    else await target.query(`select setval('public.${quoted(name)}', ${BigInt(value).toString()}, true)`);
  }
}

/** How many clones are tried before writing in place: a sign-in in the window spoils one, rarely three. */
const cloneAttempts = 3;

/**
 * Writes the demo history on PGlite without holding the app's database: on a clone, then copied back when nothing
 * else was written meanwhile. A write in the window (someone signed in or booked) would be undone by the copy, so
 * the history is walked again on a new clone that has it; after `attempts` clones, in place, as before (requests
 * then wait for it). `seed.catalogCache` (the app's) is cleared once the history is in.
 */
export async function writeDemoHistoryAside(
  seed: CatalogWriter,
  options: DemoHistoryOptions,
  /** `onClone` is called once each clone exists, before the history is walked on it (tests write or read then). */
  { attempts = cloneAttempts, onClone }: { attempts?: number; onClone?: () => void } = {},
): Promise<DemoHistoryAsideResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  // A later start (the history is there) or Stripe configured: no clone at all.
  if (!options.config || !(await isDemoHistoryDue(seed.db, options.config)))
    return { skipped: true, completed: 0, upcoming: 0, ms: 0, how: 'none', attempts: 0 };
  const client = (seed.db as unknown as { $client: PGlite }).$client;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const mark = await transactionMark(client);
    const clone = (await client.clone()) as PGlite;
    try {
      onClone?.();
      const walked = await seedDemoHistory(
        { db: drizzle(setDrizzleParsersOnce(clone), { schema }) as unknown as Database, catalogCache: createCatalogCache() },
        options,
      );
      if (walked.skipped) return { ...walked, how: 'none', attempts: attempt };
      const copied = await client.transaction(async (tx) => {
        if ((await transactionMark(tx)) !== mark + 1n) return false;
        await copyEverything(clone, tx);
        return true;
      });
      if (copied) {
        seed.catalogCache.clear();
        return { ...walked, ms: elapsed(), how: 'copied', attempts: attempt };
      }
    } finally {
      await clone.close();
    }
  }
  const inPlace = await seedDemoHistory(seed, options);
  return { ...inPlace, ms: elapsed(), how: inPlace.skipped ? 'none' : 'in place', attempts };
}
