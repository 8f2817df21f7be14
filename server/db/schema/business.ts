import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { bookings } from './bookings.ts';
import { detailers } from './catalog.ts';
import { createdAt } from './columns.ts';
import { payments } from './payments.ts';

/**
 * The platform's own numbers that admins set (decision 021): one row (id 1). Later issues add their settings here.
 */
export const platformSettings = pgTable(
  'platform_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** The platform's commission on a job's price and surcharge, in basis points (1500 = 15 %). */
    commissionBasisPoints: integer('commission_basis_points').notNull().default(1500),
    /** The weekday payouts run on (0 = Sunday), in the platform's time zone. */
    payoutWeekday: integer('payout_weekday').notNull().default(1),
    /** What a booking is priced and held with (decision 022); each booking keeps its own copy of these. */
    serviceFeeCents: integer('service_fee_cents').notNull().default(1500),
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull().default(800),
    freeCancellationHours: integer('free_cancellation_hours').notNull().default(24),
    lateCancellationFeeCents: integer('late_cancellation_fee_cents').notNull().default(1500),
    holdMinutes: integer('hold_minutes').notNull().default(15),
    requestTimeoutHours: integer('request_timeout_hours').notNull().default(12),
    /** Referral credits (decision 022): the friend's welcome credit and the referrer's reward. */
    referralFriendCreditCents: integer('referral_friend_credit_cents').notNull().default(1000),
    referralReferrerCreditCents: integer('referral_referrer_credit_cents').notNull().default(1000),
    supportEmail: text('support_email').notNull().default('support@glossly.app'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedByUserId: integer('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('platform_settings_one_row', sql`${t.id} = 1`),
    check('platform_settings_commission_range', sql`${t.commissionBasisPoints} between 0 and 5000`),
    check('platform_settings_payout_weekday_range', sql`${t.payoutWeekday} between 0 and 6`),
    check('platform_settings_service_fee_range', sql`${t.serviceFeeCents} between 0 and 10000`),
    check('platform_settings_tax_rate_range', sql`${t.taxRateBasisPoints} between 0 and 2500`),
    check(
      'platform_settings_cancellation_range',
      sql`${t.freeCancellationHours} between 0 and 168 and ${t.lateCancellationFeeCents} between 0 and 10000`,
    ),
    check('platform_settings_hold_minutes_range', sql`${t.holdMinutes} between 5 and 60`),
    check('platform_settings_request_timeout_range', sql`${t.requestTimeoutHours} between 1 and 72`),
    check(
      'platform_settings_referral_range',
      sql`${t.referralFriendCreditCents} between 0 and 10000 and ${t.referralReferrerCreditCents} between 0 and 10000`,
    ),
    check('platform_settings_support_email_format', sql`${t.supportEmail} ~ '^[^@[:space:]]+@[^@[:space:]]+$'`),
  ],
);

/** Where a detailer is paid: a Stripe Connect Express account, or the built-in gateway's simulated one. */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    detailerId: integer('detailer_id')
      .primaryKey()
      .references(() => detailers.id, { onDelete: 'cascade' }),
    gateway: text('gateway', { enum: ['test', 'stripe'] }).notNull(),
    accountRef: text('account_ref').notNull(),
    status: text('status', { enum: ['pending', 'active', 'restricted'] })
      .notNull()
      .default('pending'),
    /** What the detailer recognises, such as 'Bank account ending 6789'; never the number. */
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payout_accounts_account_ref_unique').on(t.accountRef),
    check('payout_accounts_status_known', sql`${t.status} in ('pending', 'active', 'restricted')`),
  ],
);

/** One payout of a detailer's available balance. The run date makes a run that happens twice pay once. */
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    detailerId: integer('detailer_id')
      .notNull()
      .references(() => detailers.id),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'failed'] })
      .notNull()
      .default('pending'),
    gateway: text('gateway', { enum: ['test', 'stripe'] }).notNull(),
    /** The gateway's transfer id once sent. */
    transferRef: text('transfer_ref'),
    /** The run's day (YYYY-MM-DD): one payout per detailer per run. */
    runDate: text('run_date').notNull(),
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payouts_one_per_run').on(t.detailerId, t.runDate),
    index('payouts_detailer_id_idx').on(t.detailerId, t.id),
    check('payouts_amount_positive', sql`${t.amountCents} > 0`),
    check('payouts_status_known', sql`${t.status} in ('pending', 'paid', 'failed')`),
    check('payouts_run_date_format', sql`${t.runDate} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
  ],
);

/**
 * The detailer's side of the money (decision 021): each captured job, tip and refund (one row per payments row, the
 * unique index) and each payout. `amount_cents` is what the detailer gains or loses (negative for refunds and
 * payouts); `gross_cents` and `commission_cents` show how it was split. The balance is the sum of amount_cents.
 */
export const detailerLedger = pgTable(
  'detailer_ledger',
  {
    id: serial('id').primaryKey(),
    detailerId: integer('detailer_id')
      .notNull()
      .references(() => detailers.id),
    kind: text('kind', { enum: ['job', 'tip', 'refund', 'payout', 'payout_reversal'] }).notNull(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    payoutId: integer('payout_id').references(() => payouts.id),
    grossCents: integer('gross_cents').notNull().default(0),
    commissionCents: integer('commission_cents').notNull().default(0),
    amountCents: integer('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('detailer_ledger_detailer_id_idx').on(t.detailerId, t.id),
    uniqueIndex('detailer_ledger_one_per_payment').on(t.paymentId),
    uniqueIndex('detailer_ledger_one_per_payout').on(t.payoutId, t.kind),
    // A job a membership covered has no payment row: its earning is one per booking (decision 022).
    uniqueIndex('detailer_ledger_one_covered_job_per_booking')
      .on(t.bookingId)
      .where(sql`${t.kind} = 'job' and ${t.paymentId} is null`),
    check('detailer_ledger_kind_known', sql`${t.kind} in ('job', 'tip', 'refund', 'payout', 'payout_reversal')`),
    check(
      'detailer_ledger_split_adds_up',
      sql`${t.amountCents} = ${t.grossCents} - ${t.commissionCents} or ${t.kind} in ('payout', 'payout_reversal')`,
    ),
  ],
);
