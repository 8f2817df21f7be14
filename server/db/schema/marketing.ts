import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { bookings } from './bookings.ts';
import { detailers } from './catalog.ts';
import { createdAt } from './columns.ts';

/**
 * A promo code (decision 022). `uses_count` is counted in the same statement that checks `max_uses`
 * (`update ... set uses_count = uses_count + 1 where uses_count < max_uses`), and the check below holds it too.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    /** As typed by its creator; matched case-insensitively (the unique index on lower(code)). */
    code: text('code').notNull(),
    kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    /** The price plus surcharge the booking must reach. */
    minOrderCents: integer('min_order_cents').notNull().default(0),
    /** Empty means every service (or every detailer). */
    serviceIds: integer('service_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    detailerIds: integer('detailer_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    /** Set for a detailer's own code: it applies to their services only, and their earnings carry the discount. */
    ownerDetailerId: integer('owner_detailer_id').references(() => detailers.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    firstBookingOnly: boolean('first_booking_only').notNull().default(false),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    usesCount: integer('uses_count').notNull().default(0),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_unique').on(sql`lower(${t.code})`),
    check('promo_codes_code_format', sql`${t.code} ~ '^[A-Za-z0-9_-]{3,32}$'`),
    check('promo_codes_kind_known', sql`${t.kind} in ('percent', 'fixed')`),
    check(
      'promo_codes_amount_matches_kind',
      sql`(${t.kind} = 'percent' and ${t.percentOff} between 1 and 100 and ${t.amountOffCents} is null) or (${t.kind} = 'fixed' and ${t.amountOffCents} > 0 and ${t.percentOff} is null)`,
    ),
    check('promo_codes_min_order_non_negative', sql`${t.minOrderCents} >= 0`),
    check('promo_codes_uses_within_limit', sql`${t.usesCount} >= 0 and (${t.maxUses} is null or ${t.usesCount} <= ${t.maxUses})`),
    check(
      'promo_codes_limits_positive',
      sql`(${t.maxUses} is null or ${t.maxUses} > 0) and (${t.maxUsesPerCustomer} is null or ${t.maxUsesPerCustomer} > 0)`,
    ),
    check('promo_codes_dates_in_order', sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
  ],
);

/** A code used on a booking: one per booking. Released (deleted, uses_count given back) when the booking is never paid. */
export const promoCodeRedemptions = pgTable(
  'promo_code_redemptions',
  {
    id: serial('id').primaryKey(),
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id),
    discountCents: integer('discount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promo_code_redemptions_booking_unique').on(t.bookingId),
    index('promo_code_redemptions_code_customer_idx').on(t.promoCodeId, t.customerId),
    check('promo_code_redemptions_discount_positive', sql`${t.discountCents} > 0`),
  ],
);

/** The rules of a saved audience; core/schemas/marketing.ts holds their zod shape. */
export type AudienceRules = Record<string, unknown>;

/** A saved segment of users, from rules evaluated live (never a frozen list). */
export const audiences = pgTable(
  'audiences',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    rules: jsonb('rules').$type<AudienceRules>().notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('audiences_name_unique').on(sql`lower(${t.name})`)],
);

export const campaignStatuses = ['draft', 'scheduled', 'sending', 'sent', 'canceled'] as const;

/** A marketing campaign to an audience. Recipients are frozen when sending starts (campaign_recipients). */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    audienceId: integer('audience_id')
      .notNull()
      .references(() => audiences.id),
    channels: text('channels').array().notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id, { onDelete: 'set null' }),
    ctaUrl: text('cta_url'),
    ctaLabel: text('cta_label'),
    status: text('status', { enum: campaignStatuses }).notNull().default('draft'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaigns_status_scheduled_at_idx').on(t.status, t.scheduledAt),
    check('campaigns_status_known', sql`${t.status} in ('draft', 'scheduled', 'sending', 'sent', 'canceled')`),
    check('campaigns_channels_known', sql`cardinality(${t.channels}) > 0 and ${t.channels} <@ array['email', 'push', 'in_app']::text[]`),
    check('campaigns_scheduled_when_scheduled', sql`${t.status} <> 'scheduled' or ${t.scheduledAt} is not null`),
  ],
);

/**
 * One person a campaign goes to: the unique (campaign, user) sends it once across restarts and instances.
 * `token` is the unguessable id in the email's pixel and tracked link.
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'sent', 'skipped', 'failed'] })
      .notNull()
      .default('pending'),
    token: text('token').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('campaign_recipients_once').on(t.campaignId, t.userId),
    uniqueIndex('campaign_recipients_token_unique').on(t.token),
    index('campaign_recipients_pending_idx').on(t.campaignId, t.status, t.id),
    check('campaign_recipients_status_known', sql`${t.status} in ('pending', 'sent', 'skipped', 'failed')`),
  ],
);

/** A one-off notification an admin sent (/admin/notifications), to one user or an audience. */
export const adminNotifications = pgTable(
  'admin_notifications',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    audienceId: integer('audience_id').references(() => audiences.id, { onDelete: 'set null' }),
    recipientCount: integer('recipient_count').notNull().default(0),
    sentByUserId: integer('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('admin_notifications_created_at_idx').on(t.createdAt)],
);

/** Who changed which platform setting, from what to what, and when (/admin/settings' audit list). */
export const platformSettingChanges = pgTable(
  'platform_setting_changes',
  {
    id: serial('id').primaryKey(),
    setting: text('setting').notNull(),
    oldValue: text('old_value').notNull(),
    newValue: text('new_value').notNull(),
    changedByUserId: integer('changed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('platform_setting_changes_created_at_idx').on(t.createdAt)],
);
