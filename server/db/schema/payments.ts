import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './accounts.ts';
import { bookings } from './bookings.ts';

/** One payment intent per booking and applied credits: the idempotency key makes a replay find the same intent. */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gateway: text('gateway', { enum: ['test', 'stripe'] }).notNull(),
    intentId: text('intent_id').notNull(),
    clientSecret: text('client_secret').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    creditsAppliedCents: integer('credits_applied_cents').notNull().default(0),
    /** Credits taken from the customer when the authorization succeeded; given back on release. */
    creditsConsumedCents: integer('credits_consumed_cents').notNull().default(0),
    status: text('status', {
      enum: ['requires_payment_method', 'requires_action', 'processing', 'requires_capture', 'succeeded', 'canceled'],
    }).notNull(),
    lastError: text('last_error'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_intents_intent_id_unique').on(t.intentId),
    uniqueIndex('payment_intents_idempotency_key_unique').on(t.idempotencyKey),
    uniqueIndex('payment_intents_client_secret_unique').on(t.clientSecret),
    index('payment_intents_booking_id_idx').on(t.bookingId),
    check('payment_intents_amounts', sql`${t.amountCents} > 0 and ${t.creditsAppliedCents} >= 0 and ${t.creditsConsumedCents} >= 0`),
  ],
);

/** The payments ledger: every money movement (authorize, capture, release, refund) is one row. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    intentId: text('intent_id').notNull(),
    // 'tip': a tip's capture (its intent lives in tips), 100 % the detailer's.
    kind: text('kind', { enum: ['authorize', 'capture', 'release', 'refund', 'tip'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['succeeded', 'failed'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_booking_id_idx').on(t.bookingId, t.id),
    // One authorization, one capture and one release per intent, whoever reports it first (webhook or API answer).
    uniqueIndex('payments_intent_kind_unique')
      .on(t.intentId, t.kind)
      .where(sql`${t.kind} <> 'refund' and ${t.status} = 'succeeded'`),
    check('payments_amount_non_negative', sql`${t.amountCents} >= 0`),
  ],
);

/** Gateway webhook events already applied: each event id has its effect once. */
export const webhookEvents = pgTable('webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The gateway's own customer record for a Glossly customer (Stripe's Customer), one per user and gateway: a card kept
 * from a booking's payment belongs to it, so that the tip after the job is one tap with the same card.
 */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    customerRef: text('customer_ref').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gateway] })],
);

/** Cards saved through the gateway: its reference, brand and last four digits; never the number. */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gatewayRef: text('gateway_ref').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    /** The card one tap pays with (checkout, membership, tip): at most one per customer, held by the partial index. */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('saved_cards_user_gateway_ref_unique').on(t.userId, t.gatewayRef),
    uniqueIndex('saved_cards_one_default_per_user')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
    check('saved_cards_last4', sql`${t.last4} ~ '^[0-9]{4}$'`),
  ],
);
