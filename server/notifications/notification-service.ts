import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { badRequest, forbidden, notFound } from '@core/errors.ts';
import {
  notificationTypes,
  type DeviceToken,
  type DeviceTokenInput,
  type Notification,
  type NotificationSetting,
  type NotificationSettingsInput,
} from '@core/schemas/notification.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { deviceTokens, notificationDeliveries, notifications, notificationSettings, users } from '../db/schema.ts';
import { requireUser, type Actor } from '../identity/access.ts';
import { isAllowedPushEndpoint, parsePushSubscription } from './push-service.ts';

export type NotificationType = (typeof notifications.$inferInsert)['type'];
export type NotificationRow = typeof notifications.$inferSelect;

export type NewNotification = {
  userId: number;
  type: NotificationType;
  title: string;
  message: string;
  /** The id the notification links to (a booking, a conversation); empty for none. */
  entityId?: string;
};

// ---------------------------------------------------------------------------------------------------------
// Delivery with the commit.
//
// notify() and notifyMany() may run inside a transaction, and a live event, push or email for a row that later
// rolls back would be a lie; one lost because the process stopped right after the commit would be a silence. So
// they take the context: the notifications and the outbox rows of their push and email legs (notification_deliveries,
// decision 040) are written through ctx.db, in the caller's transaction, and ctx.afterCommit hands each on to
// ctx.publishNotification once the surrounding transaction (ctx.transaction) commits, or at once outside any: the
// live event (ephemeral: clients refetch) and a delivery pass at once. A rolled-back transaction leaves nothing.
// ---------------------------------------------------------------------------------------------------------

/**
 * What notify() hands on after commit: the stored row (null when the user turned in-app off for the type,
 * then nothing is stored or sent live) and whether push and email are wanted (their outbox row is committed).
 */
export type NotificationDelivery = {
  notification: Required<NewNotification>;
  row: NotificationRow | null;
  push: boolean;
  email: boolean;
};

export type NotificationPublisher = (delivery: NotificationDelivery) => void;

/** What notify() needs: the database (or transaction), the clock (deliveries are due now), its after-commit queue and the publisher. */
export type Notifier = Pick<AppContext, 'db' | 'clock' | 'afterCommit' | 'publishNotification'>;

/**
 * Notifies one user: notifyMany() with one notification (see there). Pass the transaction's context so the
 * notice commits with its cause. Returns the stored row, or null when the user turned in-app off for the type.
 */
export async function notify(ctx: Notifier, notification: NewNotification): Promise<NotificationRow | null> {
  const [row] = await notifyMany(ctx, [notification]);
  return row ?? null;
}

/**
 * The one way anything notifies users: the notifications of one event (one per user, or several) are written
 * together. Respects each user's settings for the type: in-app off stores nothing and sends nothing live (null in
 * that place of the result); push and email, as wanted, are outbox rows written with them; after commit, each is
 * handed to ctx.publishNotification (server/notifications/realtime-plugin.ts), in the order given, and nothing at
 * all happens if the surrounding transaction rolls back. `only` narrows the channels the event may use (a campaign
 * sends its emails itself).
 *
 * One statement, whatever the batch's size (issue 40: on the embedded database every statement is event-loop time
 * that every other request waits behind): the batch goes in as one array a field, so a thousand notices bind the same
 * twelve values as one.
 */
export async function notifyMany(
  ctx: Notifier,
  batch: readonly NewNotification[],
  only: Partial<Channels> = {},
): Promise<Array<NotificationRow | null>> {
  if (batch.length === 0) return [];
  const full = batch.map((notification) => ({ ...notification, entityId: notification.entityId ?? '' }));
  const written = await writeNotices(ctx.db, full, only, ctx.clock.now());
  const deliveries = full.map((notification, index): NotificationDelivery => {
    const { stored, push, email } = written[index]!;
    return { notification, row: stored && { ...notification, ...stored }, push, email };
  });
  for (const delivery of deliveries) {
    if (delivery.row || delivery.push || delivery.email) ctx.afterCommit(() => ctx.publishNotification(delivery));
  }
  return deliveries.map((delivery) => delivery.row);
}

/** What the statement answers for each notice of a batch, in the batch's order: its stored row's own columns (none when in-app is off) and its channels. */
type WrittenNotice = { stored: Pick<NotificationRow, 'id' | 'isRead' | 'createdAt'> | null; push: boolean; email: boolean };

/**
 * Writes a batch's notices in one statement of data-modifying CTEs: `batch` reads each notice's channels (its user's
 * setting for the type, else the type's default, narrowed by `only`); `numbered` draws the in-app rows' ids, in the
 * batch's order, before they are inserted, so the outbox rows can name them and each notice finds its own row back
 * (two equal notices stay two rows); `stored` inserts the notifications and `queued` the outbox rows of their push and
 * email legs. A foreign key is checked at the end of its statement, so `queued` may name the rows `stored` inserts.
 */
async function writeNotices(
  db: Database,
  full: readonly Required<NewNotification>[],
  only: Partial<Channels>,
  now: Date,
): Promise<WrittenNotice[]> {
  // One array parameter a field (sql.param: Drizzle would otherwise spread an array into a list of parameters). The
  // type goes as text, cast in the statement: PGlite serializes arrays of the built-in types only.
  const field = <T>(value: (notification: Required<NewNotification>) => T) => sql.param(full.map(value));
  const defaults = full.map((notification) => defaultChannels(notification.type));
  const channelDefault = (channel: keyof Channels) => sql.param(defaults.map((channels) => channels[channel]));
  const result = await db.execute(sql`
    with batch as (
      select notice.ordinal, notice.user_id, notice.type::notification_type as type, notice.title, notice.message, notice.entity_id,
        coalesce(setting.in_app, notice.in_app) and ${only.inApp !== false}::boolean as in_app,
        coalesce(setting.push, notice.push) and ${only.push !== false}::boolean as push,
        coalesce(setting.email, notice.email) and ${only.email !== false}::boolean as email
      from unnest(
        ${field((n) => n.userId)}::integer[], ${field((n) => n.type)}::text[],
        ${field((n) => n.title)}::text[], ${field((n) => n.message)}::text[], ${field((n) => n.entityId)}::text[],
        ${channelDefault('inApp')}::boolean[], ${channelDefault('push')}::boolean[], ${channelDefault('email')}::boolean[]
      ) with ordinality as notice(user_id, type, title, message, entity_id, in_app, push, email, ordinal)
      left join ${notificationSettings} as setting on setting.user_id = notice.user_id and setting.type = notice.type::notification_type
    ),
    numbered as (
      select batch.*, case when in_app then nextval(pg_get_serial_sequence('notifications', 'id'))::integer end as notification_id
      from batch
      order by ordinal
    ),
    stored as (
      insert into ${notifications} (id, user_id, type, title, message, entity_id)
      select notification_id, user_id, type, title, message, entity_id from numbered where in_app order by ordinal
      returning id, is_read, created_at
    ),
    queued as (
      insert into ${notificationDeliveries} (notification_id, user_id, type, title, message, entity_id, push, email, next_attempt_at)
      select notification_id, user_id, type, title, message, entity_id, push, email, ${now.toISOString()}::timestamptz
      from numbered where push or email order by ordinal
    )
    select stored.id, stored.is_read, stored.created_at, numbered.push, numbered.email
    from numbered left join stored on stored.id = numbered.notification_id
    order by numbered.ordinal`);
  // Both drivers answer a raw statement with its rows; a timestamp comes back as PostgreSQL's text, as Drizzle asks them.
  const { rows } = result as unknown as {
    rows: { id: number | null; is_read: boolean | null; created_at: string | null; push: boolean; email: boolean }[];
  };
  return rows.map((row) => ({
    stored: row.id === null ? null : { id: row.id, isRead: row.is_read!, createdAt: new Date(row.created_at!) },
    push: row.push,
    email: row.email,
  }));
}

// ---------------------------------------------------------------------------------------------------------
// Settings: which channels deliver each type. No row means every channel is on, except Promotions: marketing
// reaches only those who turned it on (decision 022), so no row means off for that type alone.
// ---------------------------------------------------------------------------------------------------------

type Channels = { inApp: boolean; push: boolean; email: boolean };

const allOn: Channels = { inApp: true, push: true, email: true };
const allOff: Channels = { inApp: false, push: false, email: false };
/** One notice to every active admin (an alert to check something), written with the caller's transaction. */
export async function notifyAdmins(ctx: Notifier, notice: Omit<NewNotification, 'userId'>): Promise<void> {
  const admins = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isDisabled, false), isNull(users.deletedAt)));
  await notifyMany(
    ctx,
    admins.map((admin) => ({ ...notice, userId: admin.id })),
  );
}

/** The channels of a type the user never set. */
export const defaultChannels = (type: NotificationType): Channels => (type === 'promotions' ? allOff : allOn);

/** Every type, in the spec's order, with the caller's channels. */
export async function getNotificationSettings(db: Database, actor: Actor): Promise<NotificationSetting[]> {
  const user = requireUser(actor);
  const rows = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, user.id));
  const byType = new Map(rows.map((row) => [row.type, row]));
  return notificationTypes.map((type) => {
    const row = byType.get(type);
    return { type, ...defaultChannels(type), ...(row ? { inApp: row.inApp, push: row.push, email: row.email } : {}) };
  });
}

/** Sets the channels of the types named; the others keep theirs. Answers every type. */
export async function updateNotificationSettings(
  db: Database,
  actor: Actor,
  now: Date,
  input: NotificationSettingsInput,
): Promise<NotificationSetting[]> {
  const user = requireUser(actor);
  for (const setting of input.settings) {
    const values = { inApp: setting.inApp, push: setting.push, email: setting.email, updatedAt: now };
    await db
      .insert(notificationSettings)
      .values({ userId: user.id, type: setting.type, ...values })
      .onConflictDoUpdate({ target: [notificationSettings.userId, notificationSettings.type], set: values });
  }
  return getNotificationSettings(db, actor);
}

export function toApiNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    userId: row.userId,
    type: row.type,
    title: row.title,
    message: row.message,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
    entityId: row.entityId,
  };
}

/** The user whose notifications are asked for: the caller, or anyone when the caller is an admin. */
function subjectUserId(actor: Actor, requestedUserId: number | undefined): number {
  const user = requireUser(actor);
  if (requestedUserId === undefined || requestedUserId === user.id) return user.id;
  if (user.role !== 'admin') throw forbidden('You can only read your own notifications');
  return requestedUserId;
}

/** Newest first. */
export async function listNotifications(db: Database, actor: Actor, query: { userId?: number }): Promise<Notification[]> {
  const userId = subjectUserId(actor, query.userId);
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(100);
  return rows.map(toApiNotification);
}

export async function countNotifications(
  db: Database,
  actor: Actor,
  query: { userId?: number; unreadOnly: boolean },
): Promise<{ count: number }> {
  const userId = subjectUserId(actor, query.userId);
  const [row] = await db
    .select({ count: count() })
    .from(notifications)
    .where(query.unreadOnly ? and(eq(notifications.userId, userId), eq(notifications.isRead, false)) : eq(notifications.userId, userId));
  return { count: Number(row?.count ?? 0) };
}

/** Own notifications only: another user's id answers 404, as if it did not exist. */
export async function markNotificationRead(db: Database, actor: Actor, id: number): Promise<Notification> {
  const user = requireUser(actor);
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, user.id)))
    .returning();
  if (!row) throw notFound('Notification not found');
  return toApiNotification(row);
}

export async function markAllNotificationsRead(db: Database, actor: Actor): Promise<{ updated: number }> {
  const user = requireUser(actor);
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, user.id), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return { updated: rows.length };
}

export const unknownPushServiceMessage = 'token must be a subscription of a browser push service';

/**
 * Registers (or re-activates) a device for push. A token moves to whoever registers it last. A web subscription's
 * endpoint is where this server will POST, so only the push services allowed (config PUSH_SERVICE_HOSTS) are taken.
 */
export async function registerDeviceToken(
  db: Database,
  actor: Actor,
  input: DeviceTokenInput,
  pushServiceHosts: readonly string[],
): Promise<DeviceToken> {
  const user = requireUser(actor);
  if (input.userId !== user.id) throw forbidden('You can only register devices for yourself');
  const subscription = parsePushSubscription(input.token);
  if (subscription && !isAllowedPushEndpoint(subscription.endpoint, pushServiceHosts)) {
    throw badRequest(unknownPushServiceMessage, { token: unknownPushServiceMessage });
  }
  const values = {
    userId: user.id,
    token: input.token,
    deviceType: input.deviceType,
    deviceName: input.deviceName,
    isActive: input.isActive,
  };
  const [row] = await db.insert(deviceTokens).values(values).onConflictDoUpdate({ target: deviceTokens.token, set: values }).returning();
  return {
    id: row!.id,
    userId: row!.userId,
    token: row!.token,
    deviceType: row!.deviceType,
    deviceName: row!.deviceName,
    isActive: row!.isActive,
  };
}
