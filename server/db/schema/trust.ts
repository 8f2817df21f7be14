import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { uploads, users } from './accounts.ts';
import { bookings } from './bookings.ts';
import { detailers } from './catalog.ts';
import { bookingPhotos } from './after-the-job.ts';

/**
 * A document a detailer sends for a badge (decision 050). Its file is an upload of theirs, so only they and admins
 * can read it. An admin grants or refuses it (a refusal with its reason); a granted one shows until `expires_on`.
 */
export const detailerDocuments = pgTable(
  'detailer_documents',
  {
    id: serial('id').primaryKey(),
    detailerId: integer('detailer_id')
      .notNull()
      .references(() => detailers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['insurance', 'business_licence'] }).notNull(),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    /** YYYY-MM-DD, in the detailer's zone: the badge shows through this day. */
    expiresOn: text('expires_on').notNull(),
    status: text('status', { enum: ['pending', 'granted', 'refused'] })
      .notNull()
      .default('pending'),
    reason: text('reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('detailer_documents_detailer_idx').on(t.detailerId, t.kind),
    index('detailer_documents_status_idx').on(t.status, t.id),
    check('detailer_documents_kind_known', sql`${t.kind} in ('insurance', 'business_licence')`),
    check('detailer_documents_status_known', sql`${t.status} in ('pending', 'granted', 'refused')`),
    check('detailer_documents_expires_format', sql`${t.expiresOn} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
    check('detailer_documents_refusal_has_reason', sql`${t.status} <> 'refused' or char_length(${t.reason}) > 0`),
    check('detailer_documents_decided', sql`(${t.status} = 'pending') = (${t.decidedAt} is null)`),
  ],
);

/** The customer's answer to 'May … show the photos of this job?', one per booking, changeable. */
export const portfolioConsents = pgTable('portfolio_consents', {
  bookingId: integer('booking_id')
    .primaryKey()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  allowed: boolean('allowed').notNull(),
  answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
});

/**
 * A published before/after pair. The images shown are copies the server made (blurred where the detailer asked),
 * never the job's original uploads; a pair is shown only while its booking's consent says yes, and withdrawal
 * deletes it.
 */
export const portfolioPhotos = pgTable(
  'portfolio_photos',
  {
    id: serial('id').primaryKey(),
    detailerId: integer('detailer_id')
      .notNull()
      .references(() => detailers.id, { onDelete: 'cascade' }),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    beforePhotoId: integer('before_photo_id')
      .notNull()
      .references(() => bookingPhotos.id, { onDelete: 'cascade' }),
    afterPhotoId: integer('after_photo_id')
      .notNull()
      .references(() => bookingPhotos.id, { onDelete: 'cascade' }),
    beforeUploadId: integer('before_upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    afterUploadId: integer('after_upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    /** Whether a region of each original was blurred in its copy: a blurred original is then never public. */
    beforeBlurred: boolean('before_blurred').notNull(),
    afterBlurred: boolean('after_blurred').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('portfolio_photos_detailer_idx').on(t.detailerId, t.id),
    index('portfolio_photos_booking_idx').on(t.bookingId),
    uniqueIndex('portfolio_photos_pair_unique').on(t.beforePhotoId, t.afterPhotoId),
    uniqueIndex('portfolio_photos_before_upload_unique').on(t.beforeUploadId),
    uniqueIndex('portfolio_photos_after_upload_unique').on(t.afterUploadId),
  ],
);
