import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './accounts.ts';
import { bookings } from './bookings.ts';

/**
 * A thread: either a booking's (its customer and its detailer; one per booking) or a user's support thread with
 * the admins (one per user). The check keeps each kind pointing at exactly what it needs.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['booking', 'support'] }).notNull(),
    bookingId: integer('booking_id')
      .unique()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    supportUserId: integer('support_user_id')
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'conversations_kind_target',
      sql`(${t.kind} = 'booking' and ${t.bookingId} is not null and ${t.supportUserId} is null)
        or (${t.kind} = 'support' and ${t.supportUserId} is not null and ${t.bookingId} is null)`,
    ),
    index('conversations_last_message_at_idx').on(t.lastMessageAt),
  ],
);

/**
 * One message. `clientId` is the sender's idempotency key: a retried send (the phone lost the answer) finds the
 * message it already made instead of posting it twice.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderUserId: integer('sender_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull().default(''),
    /** The stored photo's key in object storage; null for text only. */
    photoKey: text('photo_key'),
    /** The stored photo's size: it counts toward the sender's storage quota (server/storage/storage-quota.ts). */
    photoBytes: integer('photo_bytes').notNull().default(0),
    clientId: text('client_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('messages_body_length', sql`char_length(${t.body}) <= 2000`),
    check('messages_not_empty', sql`${t.body} <> '' or ${t.photoKey} is not null`),
    check('messages_photo_bytes_known', sql`${t.photoBytes} >= 0 and (${t.photoKey} is not null or ${t.photoBytes} = 0)`),
    index('messages_sender_photo_idx')
      .on(t.senderUserId)
      .where(sql`${t.photoKey} is not null`),
    uniqueIndex('messages_sender_client_id_unique').on(t.conversationId, t.senderUserId, t.clientId),
    index('messages_conversation_id_id_idx').on(t.conversationId, t.id),
  ],
);

/** How far each participant has read a thread: the unread counts and the 'Seen' receipts. */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadMessageId: integer('last_read_message_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] })],
);

/** A participant's report of a message, for the admins' 'reported' filter; once per message and reporter. */
export const messageReports = pgTable(
  'message_reports',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    reporterUserId: integer('reporter_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('message_reports_reason_length', sql`char_length(${t.reason}) between 1 and 500`),
    uniqueIndex('message_reports_once').on(t.messageId, t.reporterUserId),
  ],
);

/**
 * Stored objects to remove (migration 0022): a message's photo key lands here by a trigger when the message is
 * deleted (a cascade included) or its photo cleared, so no path forgets it; the storage cleanup pass deletes the
 * object and then the row (server/storage/object-removals.ts).
 */
export const objectRemovals = pgTable('object_removals', {
  id: serial('id').primaryKey(),
  objectKey: text('object_key').notNull(),
  createdAt: createdAt(),
});
