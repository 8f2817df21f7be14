import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { roleEnum } from './enums.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    role: roleEnum('role').notNull().default('customer'),
    passwordHash: text('password_hash'),
    /** The identity provider's subject for accounts that signed in with OpenID Connect. */
    oidcSubject: text('oidc_subject'),
    referralCreditsCents: integer('referral_credits_cents').notNull().default(0),
    /** The code friends register with (/login?ref=CODE); the migration gives every existing user one. */
    referralCode: text('referral_code')
      .notNull()
      .default(sql`upper(substr(md5(random()::text || clock_timestamp()::text), 1, 8))`),
    isDisabled: boolean('is_disabled').notNull().default(false),
    /** When the owner opened the confirmation link: only a verified address may become admin or be linked to OpenID. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    phone: text('phone'),
    avatarUploadId: integer('avatar_upload_id').references((): AnyPgColumn => uploads.id, { onDelete: 'set null' }),
    /** Set when the owner deleted the account: the row stays for the bookings and payments, anonymised. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_oidc_subject_unique').on(t.oidcSubject),
    uniqueIndex('users_referral_code_unique').on(sql`lower(${t.referralCode})`),
    check('users_referral_credits_non_negative', sql`${t.referralCreditsCents} >= 0`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's random id: a leaked table does not leak usable sessions. */
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** A single-use link's token, stored hashed, for one account: both kinds of emailed link share this shape. */
const accountTokenTable = (name: string) =>
  pgTable(
    name,
    {
      tokenHash: text('token_hash').primaryKey(),
      userId: integer('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
      usedAt: timestamp('used_at', { withTimezone: true }),
      createdAt: createdAt(),
    },
    (t) => [index(`${name}_user_id_idx`).on(t.userId)],
  );

export const passwordResetTokens = accountTokenTable('password_reset_tokens');

/** The link of the 'Confirm your email' message sent at registration. */
export const emailVerificationTokens = accountTokenTable('email_verification_tokens');

/**
 * Failed sign-ins per key (`ip:<address>` or `pair:<email>|<address>`) in a fixed window, shared by every
 * instance. An attempt is counted by one atomic upsert BEFORE the password is checked, so concurrent
 * guesses each take a number and only the first ones are ever verified.
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('login_throttles_failures_non_negative', sql`${t.failures} >= 0`)],
);

/** Emails sent (or, without SMTP_URL, only recorded here) so admins and tests can read them. */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** The HTML alternative, for emails that carry one (a campaign's open pixel and links, decision 022). */
    html: text('html'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set while the email waits for SMTP delivery (the mail queue); null once sent, given up, or with no SMTP. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_emails_next_attempt_at_idx').on(t.nextAttemptAt)],
);

/** A requested change of email: the link goes to the new address, which becomes the account's once opened. */
export const emailChangeTokens = pgTable(
  'email_change_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_change_tokens_user_id_idx').on(t.userId)],
);

/**
 * An uploaded image, re-encoded by the server (WebP, metadata stripped) and stored under `storageKey` in a few
 * widths. Who may see it follows from what points at it (a car to its owner and the detailer of a booking with it).
 */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    /** The widths stored, in pixels, smallest first. */
    widths: integer('widths').array().notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('uploads_dimensions_positive', sql`${t.width} > 0 and ${t.height} > 0 and ${t.byteSize} > 0`),
    index('uploads_owner_user_id_idx').on(t.ownerUserId),
  ],
);
