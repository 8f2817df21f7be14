import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client.ts';
import { cachedCatalogRead, clearCatalogCache } from './catalog-cache.ts';

describe('cachedCatalogRead', () => {
  const db = {} as Database;

  it('loads once until cleared, and keeps databases apart', async () => {
    const load = vi.fn(async () => ['wash']);
    await cachedCatalogRead(db, 'services', load);
    await cachedCatalogRead(db, 'services', load);
    expect(load).toHaveBeenCalledTimes(1);
    await cachedCatalogRead({} as Database, 'services', load);
    expect(load).toHaveBeenCalledTimes(2);
    clearCatalogCache(db);
    await cachedCatalogRead(db, 'services', load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('does not keep a failed load', async () => {
    const failing = vi.fn(async () => {
      throw new Error('database down');
    });
    await expect(cachedCatalogRead(db, 'categories', failing)).rejects.toThrow('database down');
    const load = vi.fn(async () => ['Exterior']);
    await expect(cachedCatalogRead(db, 'categories', load)).resolves.toEqual(['Exterior']);
  });
});
