import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './accounts.ts';
import { bookings } from './bookings.ts';
import { notificationTypeEnum } from './enums.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: notificationTypeEnum('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    entityId: text('entity_id').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_id_created_at_idx').on(t.userId, t.createdAt)],
);

/**
 * The push and email legs of one notification (decision 040): written in the notification's own transaction, so a
 * committed notice is delivered even when its instance stops right after the commit, and a rolled-back one never is.
 * The content is copied (a notice with in-app off has no notifications row). A delivery pass claims due rows (FOR
 * UPDATE SKIP LOCKED; the claim adds one to attempts and moves next_attempt_at to the end of its lease, so a claim
 * whose instance died comes due again), pushes and queues the email, and ends the row sent or, after the last try,
 * given up with its error. Each leg is marked as it finishes, so a retry never repeats a finished one.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: serial('id').primaryKey(),
    /** The in-app row when there is one (its id tags the push, so a repeated push replaces the shown one). */
    notificationId: integer('notification_id').references(() => notifications.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: notificationTypeEnum('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    entityId: text('entity_id').notNull().default(''),
    /** The channels wanted, from the user's settings when the notification was written. */
    push: boolean('push').notNull(),
    email: boolean('email').notNull(),
    /** Devices (device_tokens ids) that took the push already: a retry after a partial failure skips them. */
    pushedTo: integer('pushed_to')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    emailQueuedAt: timestamp('email_queued_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** When the row is due: its next try, or the end of the lease of the pass that claimed it; null once ended. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    gaveUpAt: timestamp('gave_up_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notification_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.nextAttemptAt} is not null`),
    check('notification_deliveries_some_channel', sql`${t.push} or ${t.email}`),
    check('notification_deliveries_attempts_non_negative', sql`${t.attempts} >= 0`),
    check(
      'notification_deliveries_legs_of_channels_wanted',
      sql`(${t.pushedAt} is null or ${t.push}) and (${t.emailQueuedAt} is null or ${t.email}) and (${t.push} or cardinality(${t.pushedTo}) = 0)`,
    ),
    check('notification_deliveries_one_end', sql`${t.sentAt} is null or ${t.gaveUpAt} is null`),
    check(
      'notification_deliveries_due_until_ended',
      sql`(${t.nextAttemptAt} is null) = (${t.sentAt} is not null or ${t.gaveUpAt} is not null)`,
    ),
    check(
      'notification_deliveries_sent_when_every_leg_done',
      sql`${t.sentAt} is null or ((not ${t.push} or ${t.pushedAt} is not null) and (not ${t.email} or ${t.emailQueuedAt} is not null))`,
    ),
    check('notification_deliveries_given_up_with_error', sql`${t.gaveUpAt} is null or (${t.lastError} is not null and ${t.attempts} > 0)`),
  ],
);

export const deviceTokens = pgTable(
  'device_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull().unique(),
    deviceType: text('device_type', { enum: ['android', 'ios', 'web'] }).notNull(),
    deviceName: text('device_name', {
      enum: ['Chrome', 'Safari', 'Firefox', 'Internet Explorer', 'Edge', 'Unknown'],
    }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('device_tokens_user_id_idx').on(t.userId)],
);

/** Per user and notification type, which channels deliver it; no row means every channel is on. */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: notificationTypeEnum('type').notNull(),
    inApp: boolean('in_app').notNull().default(true),
    push: boolean('push').notNull().default(true),
    email: boolean('email').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notification_settings_user_type_unique').on(t.userId, t.type)],
);

/**
 * Booking reminders already sent: one row per booking, recipient, kind and start time. The unique index makes
 * a reminder go out once even when two instances run the job at the same moment; a rescheduled booking
 * (new start) gets its own reminders.
 */
export const bookingReminders = pgTable(
  'booking_reminders',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // 'review-1d' and 'review-7d': the reminders to review a completed booking (startsAt is the booking's).
    kind: text('kind', { enum: ['24h', '2h', 'review-1d', 'review-7d'] }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('booking_reminders_once').on(t.bookingId, t.userId, t.kind, t.startsAt)],
);
