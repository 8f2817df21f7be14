import { eq } from 'drizzle-orm';
import { notificationCalendarLink, notificationLink } from '@core/domain/notification-links.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import type { Mailer } from './mailer.ts';
import type { NotificationDelivery } from './notification-service.ts';
import { sendPushToUser, type PushResult, type PushSettings } from './push-service.ts';

export type ExternalChannels = {
  mailer: Mailer;
  /** Undefined without VAPID keys: then nothing is pushed. */
  push?: PushSettings;
  /** The app's public origin, for the link in emails. */
  appUrl: string;
};

/**
 * The push and email legs of one notification, after its transaction committed. Each leg fails alone and
 * quietly (the in-app row is the record); the result says what happened, for the log and the tests.
 */
export async function deliverExternally(
  db: Database,
  channels: ExternalChannels,
  delivery: NotificationDelivery,
): Promise<{ push: PushResult | null; emailed: boolean }> {
  const { notification, row } = delivery;
  const link = notificationLink(notification);
  const [push, emailed] = await Promise.all([
    delivery.push && channels.push
      ? sendPushToUser(db, channels.push, notification.userId, {
          title: notification.title,
          body: notification.message,
          url: link ?? '/',
          tag: row ? `notification-${row.id}` : `notification-${notification.type}-${notification.entityId}`,
          icon: '/logo192.png',
        })
      : Promise.resolve(null),
    delivery.email ? sendNotificationEmail(db, channels, delivery, link) : Promise.resolve(false),
  ]);
  return { push, emailed };
}

async function sendNotificationEmail(db: Database, channels: ExternalChannels, delivery: NotificationDelivery, link: string | null) {
  const [user] = await db
    .select({ email: users.email, isDisabled: users.isDisabled })
    .from(users)
    .where(eq(users.id, delivery.notification.userId));
  if (!user || user.isDisabled) return false;
  const open = `${channels.appUrl.replace(/\/$/, '')}${link ?? '/'}`;
  const calendar = notificationCalendarLink(delivery.notification);
  const calendarLine = calendar ? `\n\nAdd to or update your calendar: ${channels.appUrl.replace(/\/$/, '')}${calendar}` : '';
  await channels.mailer.send(db, {
    to: user.email,
    subject: delivery.notification.title,
    text: `${delivery.notification.message}\n\nOpen in Glossly: ${open}${calendarLine}\n\nChoose which notifications you get by email: ${channels.appUrl.replace(/\/$/, '')}/notification-settings`,
  });
  return true;
}
