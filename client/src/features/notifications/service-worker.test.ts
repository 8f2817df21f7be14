import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { build, type Rolldown } from 'vite';
import { beforeAll, describe, expect, it, vi } from 'vitest';

// Runs the service worker (client/public/sw.js, bundled with its Workbox imports as the build does, decision 016) in a
// sandbox that plays the service worker global, and fires its events.
const workerPath = fileURLToPath(new URL('../../../public/sw.js', import.meta.url));
let source = '';

beforeAll(async () => {
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    publicDir: false,
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: { write: false, minify: false, lib: { entry: workerPath, formats: ['iife'], name: 'glosslyWorker' } },
  })) as Rolldown.RolldownOutput[];
  source = output[0]!.output[0].code;
});

/** The build writes this build's files in place of self.__WB_MANIFEST. */
const precached = [
  { url: 'index.html', revision: 'shell-1' },
  { url: 'assets/index-abc123.js', revision: null },
];

type FetchRequest = { url: string; mode: string; method: string; headers: Headers };

/** The worker global's FetchEvent (Workbox checks `instanceof`). */
class FetchEvent {
  constructor(init: { request: FetchRequest; respondWith: (response: Promise<Response>) => void; waitUntil: () => void }) {
    Object.assign(this, init);
  }
}

function loadWorker(windows: Array<{ url: string; navigate: (url: string) => Promise<unknown>; focus: () => Promise<unknown> }> = []) {
  const listeners = new Map<string, Array<(event: unknown) => void>>();
  const showNotification = vi.fn(async () => undefined);
  const openWindow = vi.fn(async () => null);
  const clients = { claim: vi.fn(async () => undefined), matchAll: vi.fn(async () => windows), openWindow };
  const cacheMatch = vi.fn(async (request: Request) => new Response(`cached ${new URL(request.url).pathname}`));
  const location = new URL('https://glossly.example/sw.js');
  const self = {
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    skipWaiting: vi.fn(),
    registration: { showNotification, scope: 'https://glossly.example/' },
    clients,
    location,
    __WB_MANIFEST: precached,
  };
  // A worker's Request resolves a relative URL against the worker's own.
  const WorkerRequest = class extends Request {
    constructor(input: string | Request, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, location).href : input, init);
    }
  };
  runInNewContext(source, {
    self,
    clients,
    URL,
    location,
    Request: WorkerRequest,
    Response,
    Headers,
    caches: { match: cacheMatch },
    FetchEvent,
    console,
  });
  const fire = async (type: string, event: object) => {
    let waited: Promise<unknown> = Promise.resolve();
    for (const listener of listeners.get(type) ?? []) listener({ ...event, waitUntil: (p: Promise<unknown>) => (waited = p) });
    await waited;
  };
  /** A fetch through the worker: the response it answers with, or null when it lets the network have it. */
  const fetchThrough = (path: string, mode: 'navigate' | 'cors' | 'same-origin' = 'same-origin') => {
    let answered: Promise<Response> | null = null;
    const request: FetchRequest = { url: `https://glossly.example${path}`, mode, method: 'GET', headers: new Headers() };
    for (const listener of listeners.get('fetch') ?? []) {
      listener(new FetchEvent({ request, respondWith: (response) => (answered = response), waitUntil: () => undefined }));
    }
    return answered as Promise<Response> | null;
  };
  return { fire, fetchThrough, showNotification, openWindow, cacheMatch };
}

describe('service worker', () => {
  it('shows a pushed notification with its title, body, icon, tag and link', async () => {
    const worker = loadWorker();
    const payload = {
      title: 'Booking accepted',
      body: 'See you Tuesday',
      url: '/bookings/42',
      tag: 'notification-7',
      icon: '/logo192.png',
    };
    await worker.fire('push', { data: { json: () => payload, text: () => JSON.stringify(payload) } });
    expect(worker.showNotification).toHaveBeenCalledWith('Booking accepted', {
      body: 'See you Tuesday',
      icon: '/logo192.png',
      tag: 'notification-7',
      data: { url: '/bookings/42' },
    });
  });

  it('shows a plain-text push under the product name', async () => {
    const worker = loadWorker();
    await worker.fire('push', { data: { json: () => JSON.parse('not json'), text: () => 'Hello' } });
    expect(worker.showNotification).toHaveBeenCalledWith('Glossly', expect.objectContaining({ body: 'Hello', data: { url: '/' } }));
  });

  it('opens the link on click, in an open Glossly window when there is one', async () => {
    const close = vi.fn();
    const fresh = loadWorker();
    await fresh.fire('notificationclick', { notification: { close, data: { url: '/bookings/42' } } });
    expect(close).toHaveBeenCalled();
    expect(fresh.openWindow).toHaveBeenCalledWith('https://glossly.example/bookings/42');

    const focus = vi.fn(async () => undefined);
    const navigate = vi.fn(async () => ({ focus }));
    const withWindow = loadWorker([{ url: 'https://glossly.example/', navigate, focus }]);
    await withWindow.fire('notificationclick', { notification: { close, data: { url: '/job-progress/9' } } });
    expect(navigate).toHaveBeenCalledWith('https://glossly.example/job-progress/9');
    expect(focus).toHaveBeenCalled();
    expect(withWindow.openWindow).not.toHaveBeenCalled();
  });

  it('opens every page of the app from the precached shell, and the hashed files from the cache', async () => {
    const worker = loadWorker();
    for (const path of ['/', '/bookings/42', '/booking/3?date=2026-12-01']) {
      const answered = worker.fetchThrough(path, 'navigate');
      expect(answered, path).not.toBeNull();
      expect(await (await answered!).text()).toBe('cached /index.html');
    }
    const script = worker.fetchThrough('/assets/index-abc123.js');
    expect(await (await script!).text()).toBe('cached /assets/index-abc123.js');
  });

  it('never answers the API: bookings, payments, sign-in and the live stream always go to the network', () => {
    const worker = loadWorker();
    for (const path of [
      '/api/bookings',
      '/api/bookings/42',
      '/api/payments/test-gateway/confirm',
      '/api/auth/user',
      '/api/notifications/stream',
    ]) {
      expect(worker.fetchThrough(path), path).toBeNull();
      expect(worker.fetchThrough(path, 'navigate'), `navigation to ${path}`).toBeNull();
    }
    // Nor files it does not hold (the manifest, icons), nor a page opened as a file.
    expect(worker.fetchThrough('/manifest.webmanifest')).toBeNull();
    expect(worker.fetchThrough('/icons/icon-192.png', 'navigate')).toBeNull();
    expect(worker.cacheMatch).not.toHaveBeenCalled();
  });
});
