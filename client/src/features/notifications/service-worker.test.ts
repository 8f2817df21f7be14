import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

// Runs client/public/sw.js in a sandbox that plays the service worker global, and fires its events.
const source = readFileSync(new URL('../../../public/sw.js', import.meta.url), 'utf8');

function loadWorker(windows: Array<{ url: string; navigate: (url: string) => Promise<unknown>; focus: () => Promise<unknown> }> = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const showNotification = vi.fn(async () => undefined);
  const openWindow = vi.fn(async () => null);
  const clients = { claim: vi.fn(async () => undefined), matchAll: vi.fn(async () => windows), openWindow };
  const self = {
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    skipWaiting: vi.fn(),
    registration: { showNotification },
    clients,
    location: { origin: 'https://glossly.example' },
  };
  runInNewContext(source, { self, clients, URL });
  const fire = async (type: string, event: object) => {
    let waited: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => (waited = p) });
    await waited;
  };
  return { fire, showNotification, openWindow };
}

describe('service worker', () => {
  it('shows a pushed notification with its title, body, icon, tag and link', async () => {
    const worker = loadWorker();
    const payload = { title: 'Booking accepted', body: 'See you Tuesday', url: '/bookings/42', tag: 'notification-7', icon: '/logo192.png' };
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
});
