import type { Database } from '../db/client.ts';
import { notifications } from '../db/schema.ts';

export type NotificationType = (typeof notifications.$inferInsert)['type'];

export type NewNotification = {
  userId: number;
  type: NotificationType;
  title: string;
  message: string;
  /** The id the notification links to (a booking, a conversation); empty for none. */
  entityId?: string;
};

/** The one way anything notifies a user. Pass the transaction's db so the notice commits with its cause. */
export async function notify(db: Database, notification: NewNotification) {
  const [row] = await db
    .insert(notifications)
    .values({ ...notification, entityId: notification.entityId ?? '' })
    .returning();
  return row!;
}
