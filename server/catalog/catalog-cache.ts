/**
 * Catalog reads (categories, services, detailers) are most of the traffic and change rarely, so each
 * instance keeps answers for a few seconds. Writes through catalog-admin-service clear it at once; other
 * instances catch up within the TTL. One cache per app, in its context (server/context.ts).
 */
export const catalogCacheTtlMs = 10_000;
type Entry = { expiresAt: number; value: Promise<unknown> };

export type CatalogCache = {
  read<T>(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
};

export function createCatalogCache(): CatalogCache {
  const entries = new Map<string, Entry>();
  return {
    read<T>(key: string, load: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
      const value = load();
      const entry = { expiresAt: now + catalogCacheTtlMs, value };
      entries.set(key, entry);
      // A failed load must not be served from the cache.
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
