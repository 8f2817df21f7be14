import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    isDisabled: boolean('is_disabled').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_oidc_subject_unique').on(t.oidcSubject),
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

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);

/** Failed sign-ins, counted per email and per address to throttle guessing (shared by every instance). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    /** `email:<address>` or `ip:<address>`. */
    key: text('key').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_key_attempted_at_idx').on(t.key, t.attemptedAt)],
);

/** Emails sent (or, without SMTP_URL, only recorded here) so admins and tests can read them. */
export const outboxEmails = pgTable('outbox_emails', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  createdAt: createdAt(),
});
