/** The session's mark that this tab has reloaded once for a missing chunk (never a loop). */
export const reloadedForChunkKey = 'reloadedForMissingChunk';

/**
 * After a deploy, a tab opened before it asks for chunks that no longer exist and would show a blank screen: Vite
 * fires `vite:preloadError` then. The tab reloads once to fetch the new build; should the chunk still be missing
 * after that, the error goes on to the page's own error state instead of reloading again.
 */
export function reloadOnceForMissingChunk(event: Event, storage: Pick<Storage, 'getItem' | 'setItem'>, reload: () => void): void {
  if (storage.getItem(reloadedForChunkKey)) return;
  storage.setItem(reloadedForChunkKey, String(Date.now()));
  event.preventDefault();
  reload();
}
