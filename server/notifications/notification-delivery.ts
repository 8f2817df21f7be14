import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { notificationCalendarLink, notificationLink } from '@core/domain/notification-links.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { notificationDeliveries, users } from '../db/schema.ts';
import type { Mailer, MailLog } from './mailer.ts';
import { sendPushToUser, type PushPayload, type PushSettings } from './push-service.ts';

// ---------------------------------------------------------------------------------------------------------
// The notification outbox (decision 040). notifyMany() writes a notification_deliveries row for the push and
// email legs of each notice in the notice's own transaction; a delivery pass sends them. Passes run on the
// instance that wrote the rows right after the commit (deliverSoon, so delivery stays immediate) and every
// 15 seconds on every instance (the notification-delivery job: retries, and rows whose instance stopped first).
// ---------------------------------------------------------------------------------------------------------

export type ExternalChannels = {
  mailer: Mailer;
  /** Undefined without VAPID keys: then nothing is pushed (the push leg ends at once). */
  push?: PushSettings;
  /** The app's public origin, for the link in emails. */
  appUrl: string;
};

export type DeliveryRow = typeof notificationDeliveries.$inferSelect;

export type NotificationDeliveryResult = { sent: number; failed: number; gaveUp: number };

/** A delivery gives up after this many tries, keeping the last error on its row. */
export const maxDeliveryAttempts = 5;
/** A claimed row is due again after this long if its instance stopped while delivering it. */
export const deliveryClaimLeaseMs = 2 * 60_000;
/** Rows one claim takes; their pushes go out together. */
export const deliveryBatchSize = 25;
/** Claims one pass makes at most, so a pass stays well under the interval job's 60 s (a campaign's thousands wait for the next). */
export const deliveryBatchesPerPass = 40;
/** 30 s, 2 min, 8 min, 32 min after the failed try of that number: a notice hours late is no longer news. */
export const deliveryRetryDelayMs = (attempts: number) => Math.min(30_000 * 4 ** (attempts - 1), 60 * 60_000);

/** What the service worker (client/public/sw.js) shows; the tag makes a repeated push replace the shown one. */
export function pushPayloadOf(row: Pick<DeliveryRow, 'notificationId' | 'type' | 'title' | 'message' | 'entityId'>): PushPayload {
  return {
    title: row.title,
    body: row.message,
    url: notificationLink(row) ?? '/',
    tag: row.notificationId !== null ? `notification-${row.notificationId}` : `notification-${row.type}-${row.entityId}`,
    icon: '/logo192.png',
  };
}

/**
 * Claims up to `limit` due rows: FOR UPDATE SKIP LOCKED, so passes running at once (on one instance or several) take
 * different rows, and the claim adds one to attempts (the claim's own number: only its holder may end the row) and
 * moves next_attempt_at to the end of the lease.
 */
export async function claimDueDeliveries(db: Database, now: Date, limit = deliveryBatchSize): Promise<DeliveryRow[]> {
  const due = db
    .select({ id: notificationDeliveries.id })
    .from(notificationDeliveries)
    .where(lte(notificationDeliveries.nextAttemptAt, now))
    .orderBy(asc(notificationDeliveries.nextAttemptAt), asc(notificationDeliveries.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(notificationDeliveries)
    .set({ attempts: sql`${notificationDeliveries.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + deliveryClaimLeaseMs) })
    .where(and(inArray(notificationDeliveries.id, due), lte(notificationDeliveries.nextAttemptAt, now)))
    .returning();
  return claimed.sort((a, b) => a.id - b.id);
}

/** The row as this claim holds it: not ended, and not claimed again by another pass since (its lease ran out). */
const heldBy = (row: DeliveryRow) =>
  and(
    eq(notificationDeliveries.id, row.id),
    eq(notificationDeliveries.attempts, row.attempts),
    isNull(notificationDeliveries.sentAt),
    isNull(notificationDeliveries.gaveUpAt),
  );

class ClaimLost extends Error {}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The email leg: the email is queued (an outbox_emails row) and the leg marked done in one transaction, so a retry
 * never queues it twice. A disabled account gets none. Throws ClaimLost when another pass holds the row now.
 */
async function queueEmail(db: Database, channels: ExternalChannels, row: DeliveryRow, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    // The leg is marked and its user's address read in one statement (issue 40: one statement less a notice).
    const [user] = await tx
      .update(notificationDeliveries)
      .set({ emailQueuedAt: now })
      .from(users)
      .where(and(heldBy(row), isNull(notificationDeliveries.emailQueuedAt), eq(users.id, notificationDeliveries.userId)))
      .returning({ email: users.email, isDisabled: users.isDisabled });
    if (!user) throw new ClaimLost();
    if (user.isDisabled) return;
    const appUrl = channels.appUrl.replace(/\/$/, '');
    const calendar = notificationCalendarLink(row);
    const calendarLine = calendar ? `\n\nAdd to or update your calendar: ${appUrl}${calendar}` : '';
    await channels.mailer.send(tx, {
      to: user.email,
      subject: row.title,
      text: `${row.message}\n\nOpen in Glossly: ${appUrl}${notificationLink(row) ?? '/'}${calendarLine}\n\nChoose which notifications you get by email: ${appUrl}/notification-settings`,
    });
  });
  channels.mailer.deliverSoon(db);
}

type Outcome = 'sent' | 'failed' | 'gaveUp' | 'lost';

/**
 * One claimed row: the email leg, then the push leg (to the devices that have not taken it yet), each marked as it
 * finishes; then the row ends sent, or is tried again after a backoff, or, at its last try, gives up keeping the error.
 */
async function deliverOne(db: Database, channels: ExternalChannels, row: DeliveryRow, clock: Clock, log: MailLog): Promise<Outcome> {
  const errors: string[] = [];
  if (row.email && !row.emailQueuedAt) {
    try {
      await queueEmail(db, channels, row, clock.now());
    } catch (error) {
      if (error instanceof ClaimLost) return 'lost';
      errors.push(`email: ${errorText(error)}`);
    }
  }
  let { pushedTo, pushedAt } = row;
  if (row.push && !pushedAt) {
    if (channels.push) {
      const push = await sendPushToUser(db, channels.push, row.userId, pushPayloadOf(row), row.pushedTo);
      pushedTo = [...pushedTo, ...push.sentTo];
      if (push.failed === 0) pushedAt = clock.now();
      else errors.push(`push: ${push.failed} of ${push.failed + push.sent} devices failed: ${[...new Set(push.errors)].join('; ')}`);
      if (push.deactivated > 0 || push.failed > 0)
        log.info({ deliveryId: row.id, sent: push.sent, deactivated: push.deactivated, failed: push.failed }, 'web push');
    } else {
      // No VAPID keys: there is nothing to push with, and nothing to wait for.
      pushedAt = clock.now();
    }
  }
  const now = clock.now();
  const lastError = errors.join('\n').slice(0, 500);
  const outcome: Outcome = errors.length === 0 ? 'sent' : row.attempts >= maxDeliveryAttempts ? 'gaveUp' : 'failed';
  const end =
    outcome === 'sent'
      ? { sentAt: now, nextAttemptAt: null, lastError: null }
      : outcome === 'gaveUp'
        ? { gaveUpAt: now, nextAttemptAt: null, lastError }
        : { nextAttemptAt: new Date(now.getTime() + deliveryRetryDelayMs(row.attempts)), lastError };
  const [ended] = await db
    .update(notificationDeliveries)
    .set({ pushedTo, pushedAt, ...end })
    .where(heldBy(row))
    .returning({ id: notificationDeliveries.id });
  if (!ended) return 'lost';
  if (outcome !== 'sent') {
    const fields = { deliveryId: row.id, userId: row.userId, attempts: row.attempts, lastError };
    log.warn(fields, outcome === 'gaveUp' ? 'notification not delivered; giving up' : 'notification not delivered; will retry');
  }
  return outcome;
}

/**
 * One delivery pass: claims due rows batch by batch (at most `maxBatches`) and delivers each batch's rows together.
 * A row that fails here is due again only after its backoff, so one pass never tries a row twice. `isMoreDue` says
 * the pass stopped at its limit with rows left.
 */
export async function deliverDueNotifications(
  db: Database,
  channels: ExternalChannels,
  now: Date,
  clock: Clock,
  log: MailLog,
  maxBatches = deliveryBatchesPerPass,
): Promise<NotificationDeliveryResult & { isMoreDue: boolean }> {
  const result = { sent: 0, failed: 0, gaveUp: 0, isMoreDue: false };
  for (let batch = 0; batch < maxBatches; batch++) {
    const claimed = await claimDueDeliveries(db, now);
    const outcomes = await Promise.all(
      claimed.map((row) =>
        deliverOne(db, channels, row, clock, log).catch((error: unknown): Outcome => {
          // Left claimed: the row comes due again when its lease ends.
          log.warn({ err: error, deliveryId: row.id }, 'notification delivery failed');
          return 'lost';
        }),
      ),
    );
    for (const outcome of outcomes) if (outcome !== 'lost') result[outcome] += 1;
    if (claimed.length < deliveryBatchSize) return result;
  }
  result.isMoreDue = true;
  return result;
}

export type NotificationOutbox = {
  /** Starts a pass in the background, once this turn's live events are out (after a commit that wrote rows). */
  deliverSoon: () => void;
  /** One pass over the due rows (the job's pass; tests run it by hand). */
  deliverDue: (now: Date) => Promise<NotificationDeliveryResult & { isMoreDue: boolean }>;
  /** Resolves once the background pass has finished (tests, shutdown). */
  settled: () => Promise<void>;
};

/** The outbox of one app: its database and channels, and one background pass at a time for deliverSoon. */
export function createNotificationOutbox(options: {
  db: Database;
  channels: ExternalChannels;
  clock: Clock;
  log: MailLog;
}): NotificationOutbox {
  const { db, channels, clock, log } = options;
  const deliverDue = (now: Date) => deliverDueNotifications(db, channels, now, clock, log);
  let running: Promise<void> | undefined;
  let isWanted = false;
  return {
    deliverSoon() {
      isWanted = true;
      running ??= (async () => {
        // A later turn of the event loop: when one event notifies many users, every live message is written to its
        // socket first, instead of queueing behind the pushes.
        await new Promise<void>((resolve) => setImmediate(resolve));
        while (isWanted) {
          isWanted = false;
          const result = await deliverDue(clock.now()).catch((error: unknown) => {
            log.warn({ err: error }, 'notification delivery pass failed');
            return null;
          });
          if (result?.isMoreDue) isWanted = true;
        }
      })().finally(() => {
        running = undefined;
      });
    },
    deliverDue,
    settled: () => running ?? Promise.resolve(),
  };
}
