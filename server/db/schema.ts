import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  doublePrecision,
} from 'drizzle-orm/pg-core';

export const roleEnum = pgEnum('role', ['customer', 'detailer', 'admin']);

export const bookingStatusEnum = pgEnum('booking_status', [
  'pending_payment',
  'requested',
  'accepted',
  'en_route',
  'in_progress',
  'completed',
  'declined',
  'expired',
  'cancelled',
  'abandoned',
]);

export const notificationTypeEnum = pgEnum('notification_type', [
  'booking_request',
  'booking_update',
  'message',
  'payment',
  'review',
  'service_complete',
  'service_update',
  'user_update',
  'reminder',
  'alert',
]);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

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

export const serviceCategories = pgTable('service_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const detailers = pgTable(
  'detailers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessName: text('business_name').notNull(),
    description: text('description').notNull().default(''),
    avatarUrl: text('avatar_url'),
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }).notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    /** Labels shown on cards, such as Interior, Exterior, Full Detail. */
    serviceLabels: text('service_labels').array().notNull().default(sql`'{}'::text[]`),
    timeZone: text('time_zone').notNull().default('America/Los_Angeles'),
    baseLatitude: doublePrecision('base_latitude'),
    baseLongitude: doublePrecision('base_longitude'),
    createdAt: createdAt(),
  },
  (t) => [
    check('detailers_rating_range', sql`${t.rating} >= 0 and ${t.rating} <= 5`),
    check('detailers_review_count_non_negative', sql`${t.reviewCount} >= 0`),
  ],
);

export const services = pgTable(
  'services',
  {
    id: serial('id').primaryKey(),
    /** The detailer who listed the service; others may offer it too (detailer_services). */
    detailerId: integer('detailer_id')
      .notNull()
      .references(() => detailers.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => serviceCategories.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    imageUrl: text('image_url'),
    createdAt: createdAt(),
  },
  (t) => [
    index('services_category_id_idx').on(t.categoryId),
    uniqueIndex('services_detailer_name_unique').on(t.detailerId, sql`lower(${t.name})`),
    check('services_price_positive', sql`${t.priceCents} > 0`),
    check('services_duration_positive', sql`${t.durationMinutes} > 0`),
  ],
);

export const detailerServices = pgTable(
  'detailer_services',
  {
    detailerId: integer('detailer_id')
      .notNull()
      .references(() => detailers.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('detailer_services_pk').on(t.detailerId, t.serviceId),
    index('detailer_services_service_id_idx').on(t.serviceId),
  ],
);

export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id),
    detailerId: integer('detailer_id')
      .notNull()
      .references(() => detailers.id),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    status: bookingStatusEnum('status').notNull().default('pending_payment'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    vehicleType: text('vehicle_type').notNull(),
    notes: text('notes'),
    address: text('address').notNull(),
    apt: text('apt'),
    city: text('city').notNull(),
    zip: text('zip').notNull(),
    priceCents: integer('price_cents').notNull(),
    serviceFeeCents: integer('service_fee_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** A pending_payment booking holds its slot until this moment. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** Set when the customer cancelled: 0 when free, else the fee they confirmed (the Payments issue charges it). */
    cancellationFeeCents: integer('cancellation_fee_cents'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bookings_customer_id_idx').on(t.customerId),
    index('bookings_detailer_id_starts_at_idx').on(t.detailerId, t.startsAt),
    check('bookings_time_range', sql`${t.endsAt} > ${t.startsAt}`),
    check('bookings_amounts_non_negative', sql`${t.priceCents} > 0 and ${t.serviceFeeCents} >= 0 and ${t.taxCents} >= 0`),
    check(
      'bookings_total_is_sum',
      sql`${t.totalCents} = ${t.priceCents} + ${t.serviceFeeCents} + ${t.taxCents}`,
    ),
    // bookings_no_overlap (an exclusion constraint) lives in a custom SQL migration: Drizzle cannot declare it.
  ],
);

/** A detailer's weekly hours: on `weekday` (0 = Sunday) from start_minute to end_minute of the day, in their time zone. */
export const availabilityRules = pgTable(
  'availability_rules',
  {
    id: serial('id').primaryKey(),
    detailerId: integer('detailer_id')
      .notNull()
      .references(() => detailers.id, { onDelete: 'cascade' }),
    weekday: integer('weekday').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
  },
  (t) => [
    index('availability_rules_detailer_id_idx').on(t.detailerId, t.weekday),
    check('availability_rules_weekday_range', sql`${t.weekday} between 0 and 6`),
    check('availability_rules_minutes_range', sql`${t.startMinute} >= 0 and ${t.endMinute} <= 1440`),
    check('availability_rules_end_after_start', sql`${t.endMinute} > ${t.startMinute}`),
  ],
);

/** Whole days a detailer does not work (a date in their time zone). */
export const detailerDaysOff = pgTable(
  'detailer_days_off',
  {
    id: serial('id').primaryKey(),
    detailerId: integer('detailer_id')
      .notNull()
      .references(() => detailers.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('detailer_days_off_unique').on(t.detailerId, t.date),
    check('detailer_days_off_date_format', sql`${t.date} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
  ],
);

/** Every status a booking went through, in order: the job-progress timeline and the audit trail. */
export const bookingEvents = pgTable(
  'booking_events',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    fromStatus: bookingStatusEnum('from_status'),
    toStatus: bookingStatusEnum('to_status').notNull(),
    /** Null for the system (payment, expiry job). */
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('booking_events_booking_id_idx').on(t.bookingId, t.id)],
);

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
    kind: text('kind', { enum: ['authorize', 'capture', 'release', 'refund'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['succeeded', 'failed'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_booking_id_idx').on(t.bookingId, t.id),
    // One authorization, one capture and one release per intent, whoever reports it first (webhook or API answer).
    uniqueIndex('payments_intent_kind_unique').on(t.intentId, t.kind).where(sql`${t.kind} <> 'refund' and ${t.status} = 'succeeded'`),
    check('payments_amount_non_negative', sql`${t.amountCents} >= 0`),
  ],
);

/** Gateway webhook events already applied: each event id has its effect once. */
export const webhookEvents = pgTable('webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

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
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('saved_cards_user_gateway_ref_unique').on(t.userId, t.gatewayRef),
    check('saved_cards_last4', sql`${t.last4} ~ '^[0-9]{4}$'`),
  ],
);
