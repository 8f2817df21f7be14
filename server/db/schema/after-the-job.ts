import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { uploads, users } from './accounts.ts';
import { bookings } from './bookings.ts';
import { detailers } from './catalog.ts';

/** The service's checklist as it was when the job started; the detailer ticks each item before Complete. */
export const bookingChecklistItems = pgTable(
  'booking_checklist_items',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    checkedByUserId: integer('checked_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('booking_checklist_items_position_unique').on(t.bookingId, t.position),
    check('booking_checklist_items_label_length', sql`char_length(${t.label}) between 1 and 80`),
  ],
);

/** Before and after photos of a job: the proof the customer sees, and what Complete requires (one 'after'). */
export const bookingPhotos = pgTable(
  'booking_photos',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    phase: text('phase', { enum: ['before', 'after'] }).notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('booking_photos_booking_id_idx').on(t.bookingId, t.id),
    uniqueIndex('booking_photos_upload_unique').on(t.uploadId),
    check('booking_photos_phase_known', sql`${t.phase} in ('before', 'after')`),
  ],
);

/**
 * What a detailer did on a job while offline, once per phone-made id (decision 049): the unique index is the claim,
 * taken in the same transaction as the action, so a batch sent again applies nothing twice and answers as before.
 */
export const offlineActions = pgTable(
  'offline_actions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    kind: text('kind').notNull(),
    /** The time the phone said it was done. */
    doneAt: timestamp('done_at', { withTimezone: true }).notNull(),
    /** The time it was applied with (doneAt bounded), or null when refused. */
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    /** Why the rules refused it, or null when applied. */
    refusal: text('refusal'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('offline_actions_client_unique').on(t.userId, t.clientId)],
);

/**
 * Both sides' reviews of a completed booking, one each (the unique index). Blind: `published_at` is set, in one
 * transaction, when the second side reviews or when the 14-day window closes; nobody but the author sees an
 * unpublished review, and only published, visible customer reviews count in the detailer's rating.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** 'customer' rates the detailer; 'detailer' rates the customer. */
    authorRole: text('author_role', { enum: ['customer', 'detailer'] }).notNull(),
    authorUserId: integer('author_user_id')
      .notNull()
      .references(() => users.id),
    detailerId: integer('detailer_id')
      .notNull()
      .references(() => detailers.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id),
    rating: integer('rating').notNull(),
    body: text('body').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** The detailer's one public answer to a customer's review. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** An admin hid the review for breaking the rules; the reason is kept. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    hiddenByUserId: integer('hidden_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_one_per_side').on(t.bookingId, t.authorRole),
    index('reviews_detailer_id_idx').on(t.detailerId, t.createdAt),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check('reviews_author_role_known', sql`${t.authorRole} in ('customer', 'detailer')`),
    check(
      'reviews_text_lengths',
      sql`char_length(${t.body}) <= 2000 and (${t.reply} is null or char_length(${t.reply}) between 1 and 1000)`,
    ),
    check('reviews_reply_only_on_customer_review', sql`${t.reply} is null or ${t.authorRole} = 'customer'`),
    check('reviews_hidden_has_reason', sql`(${t.hiddenAt} is null) = (${t.hiddenReason} is null)`),
  ],
);

/**
 * A tip on a completed booking: its own gateway intent and its own ledger row (payments.kind 'tip'), 100 % to the
 * detailer. The idempotency key makes a replayed request find the same tip; one succeeded tip per booking.
 */
export const tips = pgTable(
  'tips',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id),
    amountCents: integer('amount_cents').notNull(),
    gateway: text('gateway', { enum: ['test', 'stripe'] }).notNull(),
    intentId: text('intent_id').notNull(),
    clientSecret: text('client_secret').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', {
      enum: ['requires_payment_method', 'requires_action', 'processing', 'requires_capture', 'succeeded', 'canceled'],
    }).notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tips_intent_id_unique').on(t.intentId),
    uniqueIndex('tips_idempotency_key_unique').on(t.idempotencyKey),
    uniqueIndex('tips_one_succeeded_per_booking')
      .on(t.bookingId)
      .where(sql`${t.status} = 'succeeded'`),
    check('tips_amount_range', sql`${t.amountCents} between 100 and 100000`),
  ],
);

/** 'Report a problem' within 48 hours of completion; admins resolve it, with a refund through the refund path. */
export const claims = pgTable(
  'claims',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id),
    description: text('description').notNull(),
    status: text('status', { enum: ['open', 'resolved', 'rejected'] })
      .notNull()
      .default('open'),
    /** What the resolution gave back (through refundBooking), 0 when rejected or resolved without money. */
    refundCents: integer('refund_cents'),
    resolutionNote: text('resolution_note'),
    resolvedByUserId: integer('resolved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('claims_booking_id_idx').on(t.bookingId),
    uniqueIndex('claims_one_open_per_booking')
      .on(t.bookingId)
      .where(sql`${t.status} = 'open'`),
    check('claims_status_known', sql`${t.status} in ('open', 'resolved', 'rejected')`),
    check('claims_description_length', sql`char_length(${t.description}) between 10 and 2000`),
    check(
      'claims_resolution',
      sql`(${t.status} = 'open') = (${t.resolvedAt} is null) and (${t.refundCents} is null or ${t.refundCents} >= 0)`,
    ),
  ],
);

export const claimPhotos = pgTable(
  'claim_photos',
  {
    id: serial('id').primaryKey(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
  },
  (t) => [index('claim_photos_claim_id_idx').on(t.claimId), uniqueIndex('claim_photos_upload_unique').on(t.uploadId)],
);
