import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
