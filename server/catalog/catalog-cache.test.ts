import { describe, expect, it, vi } from 'vitest';
import { createCatalogCache } from './catalog-cache.ts';

describe('createCatalogCache', () => {
  it('loads once until cleared, and keeps apps apart', async () => {
    const cache = createCatalogCache();
    const load = vi.fn(async () => ['wash']);
    await cache.read('services', load);
    await cache.read('services', load);
    expect(load).toHaveBeenCalledTimes(1);
    await createCatalogCache().read('services', load);
    expect(load).toHaveBeenCalledTimes(2);
    cache.clear();
    await cache.read('services', load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('does not keep a failed load', async () => {
    const cache = createCatalogCache();
    const failing = vi.fn(async () => {
      throw new Error('database down');
    });
    await expect(cache.read('categories', failing)).rejects.toThrow('database down');
    const load = vi.fn(async () => ['Exterior']);
    await expect(cache.read('categories', load)).resolves.toEqual(['Exterior']);
  });
});
