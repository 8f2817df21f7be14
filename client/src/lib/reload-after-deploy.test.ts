import { describe, expect, it, vi } from 'vitest';
import { reloadedForChunkKey, reloadOnceForMissingChunk } from './reload-after-deploy.ts';

describe('a missing chunk after a deploy', () => {
  it('reloads the tab once, then lets the next failure through instead of reloading again', () => {
    const stored = new Map<string, string>();
    const storage = {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
    };
    const reload = vi.fn();
    const first = new Event('vite:preloadError', { cancelable: true });
    reloadOnceForMissingChunk(first, storage, reload);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(first.defaultPrevented).toBe(true);
    expect(stored.has(reloadedForChunkKey)).toBe(true);

    const again = new Event('vite:preloadError', { cancelable: true });
    reloadOnceForMissingChunk(again, storage, reload);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(again.defaultPrevented).toBe(false);
  });
});
