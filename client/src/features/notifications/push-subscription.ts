import { getPushPublicKey } from './api/get-push-public-key.ts';

export const serviceWorkerUrl = '/sw.js';

function applicationServerKey(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64Url + '='.repeat((4 - (base64Url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export function supportsWebPush(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window;
}

/**
 * The device token of this browser for Web Push: the JSON of its PushSubscription (endpoint and keys),
 * subscribing through the service worker when needed. Null when the browser or the server (no VAPID key)
 * does not do Web Push; callers then register a plain device id.
 */
export async function webPushDeviceToken(): Promise<string | null> {
  if (!supportsWebPush()) return null;
  const publicKey = await getPushPublicKey();
  if (!publicKey) return null;
  const registration = await navigator.serviceWorker.register(serviceWorkerUrl);
  await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(publicKey) }));
  return JSON.stringify(subscription.toJSON());
}
