import { maxOfflineActionsPerBatch } from '@core/domain/offline-actions.ts';
import type { OfflineAction, OfflineActionResult, OfflineActionResults } from '@core/schemas/offline-actions.ts';

// What a detailer does on a job without signal (decision 049), kept on the phone in IndexedDB until the server has
// answered it: photos with their bytes. Plain IndexedDB and fetch, no React: the service worker's Background Sync
// sends the queue with this same module (client/public/sw.js).

/** An action as the phone keeps it: a photo holds its bytes until uploaded, then the upload's id. */
export type QueuedAction = {
  /** Order of doing, given by IndexedDB. */
  seq?: number;
  bookingId: number;
  action: OfflineAction | (Omit<Extract<OfflineAction, { kind: 'photo' }>, 'uploadId'> & { uploadId?: number });
  photo?: Blob;
};

/** Something the server refused, told to the detailer once. */
export type OfflineRefusal = { bookingId: number; clientId: string; kind: OfflineAction['kind']; reason: string };

export const backgroundSyncTag = 'glossly-offline-actions';
const databaseName = 'glossly-offline';
const actionsStore = 'actions';
const refusalsStore = 'refusals';
const changedEvent = 'glossly-offline-queue';

function openQueue(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(databaseName, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(actionsStore, { keyPath: 'seq', autoIncrement: true });
      request.result.createObjectStore(refusalsStore, { keyPath: 'clientId' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
  });
}

async function inStore<T>(
  name: string,
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T> | void,
): Promise<T | undefined> {
  const db = await openQueue();
  try {
    return await new Promise<T | undefined>((resolve, reject) => {
      const tx = db.transaction(name, mode);
      const request = work(tx.objectStore(name));
      tx.oncomplete = () => resolve(request ? request.result : undefined);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB refused the change'));
    });
  } finally {
    db.close();
  }
}

/** Tells this page's screens (and other tabs through storage of nothing: each reads on focus) the queue changed. */
function announce() {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(changedEvent));
  else
    void (self as unknown as { clients?: { matchAll(): Promise<{ postMessage(m: unknown): void }[]> } }).clients
      ?.matchAll()
      .then((all) => all.forEach((client) => client.postMessage({ type: changedEvent })));
}

/** Runs `listener` when the queue changes in this page, or in the service worker. */
export function onQueueChange(listener: () => void): () => void {
  const fromWorker = (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === changedEvent) listener();
  };
  window.addEventListener(changedEvent, listener);
  navigator.serviceWorker?.addEventListener('message', fromWorker);
  return () => {
    window.removeEventListener(changedEvent, listener);
    navigator.serviceWorker?.removeEventListener('message', fromWorker);
  };
}

export async function queuedActions(bookingId?: number): Promise<QueuedAction[]> {
  const all = (await inStore<QueuedAction[]>(actionsStore, 'readonly', (store) => store.getAll())) ?? [];
  return all.filter((entry) => bookingId === undefined || entry.bookingId === bookingId).sort((a, b) => a.seq! - b.seq!);
}

export async function offlineRefusals(bookingId: number): Promise<OfflineRefusal[]> {
  const all = (await inStore<OfflineRefusal[]>(refusalsStore, 'readonly', (store) => store.getAll())) ?? [];
  return all.filter((refusal) => refusal.bookingId === bookingId);
}

export async function dismissRefusal(clientId: string): Promise<void> {
  await inStore(refusalsStore, 'readwrite', (store) => store.delete(clientId));
  announce();
}

/** Keeps an action on the phone, stamped with its own id and the time it was done. */
export async function queueAction(
  bookingId: number,
  action: QueuedAction['action'] extends infer A ? (A extends unknown ? Omit<A, 'clientId' | 'doneAt'> : never) : never,
  photo?: Blob,
): Promise<void> {
  const entry: QueuedAction = {
    bookingId,
    action: { ...action, clientId: crypto.randomUUID(), doneAt: new Date().toISOString() } as QueuedAction['action'],
    photo,
  };
  await inStore(actionsStore, 'readwrite', (store) => store.add(entry));
  announce();
  // Where the browser has Background Sync, the worker sends the queue when the signal comes back, page open or not.
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  await (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync
    ?.register(backgroundSyncTag)
    .catch(() => undefined);
}

/** POST /api/uploads of a queued photo's bytes (the upload limits and quota as online). */
async function uploadPhoto(photo: Blob): Promise<Response> {
  const form = new FormData();
  form.append('file', photo, 'job-photo.jpg');
  return fetch('/api/uploads', { method: 'POST', credentials: 'include', body: form });
}

async function reasonOf(response: Response, fallback: string): Promise<string> {
  try {
    return ((await response.json()) as { message?: string }).message ?? fallback;
  } catch {
    return fallback;
  }
}

let sending: Promise<number> | null = null;

/**
 * Sends the whole queue, booking by booking, in the order it was done: photos' bytes first (their upload id kept,
 * so a lost answer does not upload twice), then batches to POST /api/bookings/:id/offline-actions. What the server
 * answered leaves the queue; refusals are kept to be shown. A network failure stops and leaves the rest for later.
 * One pass at a time in a page. Answers how many actions left the queue (none: nothing to read again).
 */
export function sendQueue(): Promise<number> {
  sending ??= sendAll().finally(() => {
    sending = null;
  });
  return sending;
}

async function settle(entry: QueuedAction, refusal: string | null): Promise<1> {
  const { bookingId, action } = entry;
  await inStore(actionsStore, 'readwrite', (store) => store.delete(entry.seq!));
  if (refusal !== null) {
    await inStore(refusalsStore, 'readwrite', (store) =>
      store.put({ bookingId, clientId: action.clientId, kind: action.kind, reason: refusal } satisfies OfflineRefusal),
    );
  }
  return 1;
}

async function sendAll(): Promise<number> {
  let settled = 0;
  for (;;) {
    const queue = await queuedActions();
    const first = queue[0];
    if (!first) return settled;
    const batch: QueuedAction[] = [];
    for (const entry of queue.filter((e) => e.bookingId === first.bookingId).slice(0, maxOfflineActionsPerBatch)) {
      if (entry.action.kind === 'photo' && entry.action.uploadId === undefined) {
        const response = await uploadPhoto(entry.photo!);
        if (response.ok) {
          const { id } = (await response.json()) as { id: number };
          entry.action = { ...entry.action, uploadId: id };
          delete entry.photo;
          await inStore(actionsStore, 'readwrite', (store) => store.put(entry));
        } else if (response.status >= 400 && response.status < 500 && response.status !== 401) {
          // Refused as online (too large, over the quota): told to the detailer, not retried.
          settled += await settle(entry, await reasonOf(response, 'The photo could not be uploaded'));
          announce();
          continue;
        } else {
          return settled;
        }
      }
      batch.push(entry);
    }
    if (batch.length === 0) continue;
    const response = await fetch(`/api/bookings/${first.bookingId}/offline-actions`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ actions: batch.map((entry) => entry.action) }),
    });
    if (!response.ok) {
      // The booking is gone or no longer this detailer's: nothing in the batch can be applied; anything else waits.
      if (response.status !== 403 && response.status !== 404) return settled;
      const reason = await reasonOf(response, 'This job is no longer yours');
      for (const entry of batch) settled += await settle(entry, reason);
      announce();
      continue;
    }
    const { results } = (await response.json()) as OfflineActionResults;
    const byId = new Map<string, OfflineActionResult>(results.map((result) => [result.clientId, result]));
    for (const entry of batch) {
      const result = byId.get(entry.action.clientId);
      if (result) settled += await settle(entry, result.outcome === 'refused' ? result.reason : null);
    }
    announce();
  }
}
