/*
 * Glossly service worker: precaches the app shell so a second visit (and an offline one) opens at once, and shows
 * Web Push notifications and opens their link on click. The build (vite-plugin-pwa, injectManifest; see
 * vite.config.ts and docs/decisions/016-pwa.md) bundles this file with Workbox into dist/client/sw.js and writes
 * the list of this build's files in place of `self.__WB_MANIFEST`.
 *
 * Nothing under /api is ever cached or answered here: bookings, payments, sign-in and the live stream always go to
 * the network, and fail as the network does when it is gone.
 */
/* global self, clients, URL */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { backgroundSyncTag, sendQueue } from '../src/lib/offline-queue.ts';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

// The shell: index.html, every script, style and the font of this build, answered from the cache (hashed URLs never
// change; index.html is refreshed with each new worker). Caches of older builds are removed once this one is active.
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST || []);

// Any page of the app (the client router draws it) opens from the cached index.html; never the API (sign-in and
// OpenID redirects land there) nor a file opened directly (a path whose last part has a dot: /logo192.png).
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(?:\/|$)/, /\/[^/]*\.[^/]*$/] }));

// The server sends {title, body, url, tag, icon} (server/notifications/notification-delivery.ts).
self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = data.title || 'Glossly';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || '',
      icon: data.icon || '/logo192.png',
      tag: data.tag,
      data: { url: data.url || '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin).href;
  event.waitUntil(
    clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (new URL(client.url).origin === self.location.origin && 'focus' in client) {
          return client.navigate(target).then((navigated) => (navigated || client).focus());
        }
      }
      return clients.openWindow(target);
    }),
  );
});

// A detailer's job done without signal (decision 049): where the browser has Background Sync, it wakes the worker
// when the signal is back, page open or not, and the queue kept in IndexedDB is sent in order. A pass that stops on
// the network is retried by the browser; pages retry on their own `online` event where there is no Background Sync.
self.addEventListener('sync', (event) => {
  if (event.tag !== backgroundSyncTag) return;
  event.waitUntil(sendQueue());
});
