import type { Database } from '../db/client.ts';

/**
 * Catalog reads (categories, services, detailers) are most of the traffic and change rarely, so each
 * instance keeps answers for a few seconds, per database. Writes through catalog-admin-service clear it
 * at once here; other instances catch up within the TTL.
 */
const ttlMs = 10_000;
type Entry = { expiresAt: number; value: Promise<unknown> };
const caches = new WeakMap<Database, Map<string, Entry>>();

export function cachedCatalogRead<T>(db: Database, key: string, load: () => Promise<T>): Promise<T> {
  let entries = caches.get(db);
  if (!entries) caches.set(db, (entries = new Map()));
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
  const value = load();
  entries.set(key, { expiresAt: now + ttlMs, value });
  // A failed load must not be served from the cache.
  value.catch(() => entries.delete(key));
  return value;
}

export function clearCatalogCache(db: Database) {
  caches.delete(db);
}
