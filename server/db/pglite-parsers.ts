import { types, type PGlite } from '@electric-sql/pglite';

/** The types Drizzle's PGlite driver keeps as text for its own mapping: timestamps, dates, intervals, their arrays and numeric[]. */
const textTypes = new Set<number>([types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182]);
const keepText = (value: string) => value;

type QueryOptions = Parameters<PGlite['query']>[2];
type Queryable = Pick<PGlite, 'query'>;

/** Drizzle's parsers dropped: the client already has them. Any other parsers are left as they came. */
function withoutDrizzleParsers(options: QueryOptions): QueryOptions {
  if (!options?.parsers || !Object.keys(options.parsers).every((oid) => textTypes.has(Number(oid)))) return options;
  const { parsers: _dropped, ...rest } = options;
  return rest;
}

function dropDrizzleParsers<T extends Queryable>(target: T): T {
  const query = target.query.bind(target);
  target.query = ((text, params, options) => query(text, params, withoutDrizzleParsers(options))) as PGlite['query'];
  return target;
}

/**
 * Drizzle hands PGlite the same parsers with every statement, and PGlite merges them into a copy of its own (some
 * 320, one per type and array type) each time: 160 µs a statement on a 2-core machine, as much as a third of a simple
 * one on the embedded database's one event loop (issue 40, decision 054). The client gets them once here, and
 * Drizzle's copies are dropped at its `query` and its transactions' `query`. Raw queries of the client read these
 * types as text too.
 */
export function setDrizzleParsersOnce(client: PGlite): PGlite {
  for (const oid of textTypes) client.parsers[oid] = keepText;
  dropDrizzleParsers(client);
  const transaction = client.transaction.bind(client);
  client.transaction = ((run) => transaction((tx) => run(dropDrizzleParsers(tx)))) as PGlite['transaction'];
  return client;
}
