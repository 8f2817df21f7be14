import type { Agent } from 'node:https';
import { and, eq } from 'drizzle-orm';
import webpush, { WebPushError, type PushSubscription } from 'web-push';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { deviceTokens } from '../db/schema.ts';

/** The VAPID identity of this server (config VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT). */
export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/** What the service worker (client/public/sw.js) shows. */
export type PushPayload = { title: string; body: string; url: string; tag: string; icon: string };

// A web device's token is the JSON of its PushSubscription ({endpoint, keys: {p256dh, auth}}), as the
// browser's PushSubscription.toJSON() gives it. Tokens of any other shape (native devices, or the random id
// an older client registered) are kept but never pushed to.
const subscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https$/ }),
  keys: z.object({ p256dh: z.string().min(1), auth: z.string().min(1) }),
});

/** Whether a subscription's endpoint is on one of the push services allowed (config PUSH_SERVICE_HOSTS). */
export function isAllowedPushEndpoint(endpoint: string, serviceHosts: readonly string[]): boolean {
  if (!URL.canParse(endpoint)) return false;
  const host = new URL(endpoint).hostname.toLowerCase();
  return serviceHosts.some((allowed) => (allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) : host === allowed));
}

export function parsePushSubscription(token: string): PushSubscription | null {
  try {
    const parsed = subscriptionSchema.safeParse(JSON.parse(token));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * How this app pushes: its VAPID identity, the push services' hosts a subscription may point at, and the HTTPS agent
 * to go through (tests: their loopback push service).
 */
export type PushSettings = { vapid: VapidKeys; serviceHosts: readonly string[]; agent?: Agent };

/**
 * What one push did: devices that took it (their ids in sentTo), devices the push service no longer knows (now
 * deactivated), and the devices that failed, with what went wrong (for the retry and its last_error).
 */
export type PushResult = { sent: number; deactivated: number; failed: number; sentTo: number[]; errors: string[] };

/** What a failed push says about itself: the push service's status and answer, never the subscription's endpoint. */
function pushErrorText(error: unknown): string {
  if (error instanceof WebPushError) return `push service answered ${error.statusCode}${error.body ? `: ${error.body.slice(0, 200)}` : ''}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Sends payload to every active web device of the user but those in `skipDeviceIds` (they took it on an earlier
 * try). A subscription the push service no longer knows (404 or 410) is deactivated; other failures are counted
 * and described in the result, for the caller to retry. Never throws.
 */
export async function sendPushToUser(
  db: Database,
  push: PushSettings,
  userId: number,
  payload: PushPayload,
  skipDeviceIds: readonly number[] = [],
): Promise<PushResult> {
  const { vapid, agent, serviceHosts } = push;
  const result: PushResult = { sent: 0, deactivated: 0, failed: 0, sentTo: [], errors: [] };
  const devices = await db
    .select({ id: deviceTokens.id, token: deviceTokens.token })
    .from(deviceTokens)
    .where(and(eq(deviceTokens.userId, userId), eq(deviceTokens.isActive, true), eq(deviceTokens.deviceType, 'web')));
  const body = JSON.stringify(payload);
  await Promise.all(
    devices.map(async (device) => {
      if (skipDeviceIds.includes(device.id)) return;
      const subscription = parsePushSubscription(device.token);
      // A token stored before the hosts were checked, or pointing elsewhere since: never a request from here.
      if (!subscription || !isAllowedPushEndpoint(subscription.endpoint, serviceHosts)) return;
      try {
        await webpush.sendNotification(subscription, body, {
          vapidDetails: vapid,
          TTL: 24 * 60 * 60,
          timeout: 10_000,
          ...(agent ? { agent } : {}),
        });
        result.sent += 1;
        result.sentTo.push(device.id);
      } catch (error) {
        if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
          await db.update(deviceTokens).set({ isActive: false }).where(eq(deviceTokens.id, device.id));
          result.deactivated += 1;
        } else {
          result.failed += 1;
          result.errors.push(pushErrorText(error));
        }
      }
    }),
  );
  return result;
}
