import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { vehicleTypes } from '@core/schemas/booking.ts';
import { createdAt } from './columns.ts';
import { uploads, users } from './accounts.ts';

export const serviceCategories = pgTable('service_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** The order admins give the categories on the home screen (/admin/services). */
  sortOrder: integer('sort_order').notNull().default(0),
  /** A hidden category and its services are out of the customer's catalog; bookings go on. */
  hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  /** Rain spoils its services (exterior work): the weather check looks at them (decision 022). */
  weatherSensitive: boolean('weather_sensitive').notNull().default(true),
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
    serviceLabels: text('service_labels')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    timeZone: text('time_zone').notNull().default('America/Los_Angeles'),
    baseLatitude: doublePrecision('base_latitude'),
    baseLongitude: doublePrecision('base_longitude'),
    /** The service area: a circle of this radius around the base. */
    serviceRadiusMiles: integer('service_radius_miles').notNull().default(25),
    /** What the customer looks for at the curb, such as 'White Ford Transit'. */
    vehicleDescription: text('vehicle_description').notNull().default(''),
    /** Minutes the detailer adds to the drive between two jobs (decision 022). */
    travelBufferMinutes: integer('travel_buffer_minutes').notNull().default(15),
    /** Instant booking (decision 035): a paid booking is accepted at once, the offered times being a promise. */
    instantBooking: boolean('instant_booking').notNull().default(false),
    /**
     * The rating and count the detailer had before Glossly's own reviews (the demo seed's history): `rating` and
     * `review_count` are recomputed from these plus the published, visible reviews (decision 020).
     */
    historyRating: numeric('history_rating', { precision: 2, scale: 1, mode: 'number' }).notNull().default(0),
    historyReviewCount: integer('history_review_count').notNull().default(0),
    /** The business's logo or photo (onboarding); shown instead of avatarUrl when set. */
    logoUploadId: integer('logo_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    /**
     * When an admin approved the detailer (decision 021). Customers see and book only approved detailers whose
     * onboarding is complete; the migration approves every detailer that existed before.
     */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** When every onboarding step was first done and admins were told: they are told once. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('detailers_rating_range', sql`${t.rating} >= 0 and ${t.rating} <= 5`),
    check('detailers_review_count_non_negative', sql`${t.reviewCount} >= 0`),
    check('detailers_service_radius_range', sql`${t.serviceRadiusMiles} between 1 and 100`),
    check('detailers_travel_buffer_range', sql`${t.travelBufferMinutes} between 0 and 120`),
    check('detailers_history_range', sql`${t.historyRating} >= 0 and ${t.historyRating} <= 5 and ${t.historyReviewCount} >= 0`),
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
    /** The detailer's own photo of the service; wins over imageUrl (the seed's stock picture) when set. */
    imageUploadId: integer('image_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    /** What the detailer ticks on the job before Complete (proof of service); copied to each job when it starts. */
    checklist: text('checklist')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** A paused service is not offered for new bookings; its existing bookings go on. */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    /** A deleted service with past bookings stays for their history, out of every list. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('services_category_id_idx').on(t.categoryId),
    check('services_checklist_size', sql`cardinality(${t.checklist}) <= 20`),
    // An archived service keeps its name for its history; a new service may take the name again.
    uniqueIndex('services_detailer_name_unique')
      .on(t.detailerId, sql`lower(${t.name})`)
      .where(sql`${t.archivedAt} is null`),
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
  (t) => [uniqueIndex('detailer_services_pk').on(t.detailerId, t.serviceId), index('detailer_services_service_id_idx').on(t.serviceId)],
);

/**
 * What a service costs more for a bigger car, set by its detailer: no row means no surcharge (the spec's totals).
 * The booking copies the amount (bookings.vehicle_surcharge_cents), so a later change does not rewrite history.
 */
export const serviceSurcharges = pgTable(
  'service_surcharges',
  {
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    vehicleType: text('vehicle_type', { enum: vehicleTypes }).notNull(),
    surchargeCents: integer('surcharge_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.serviceId, t.vehicleType] }),
    check('service_surcharges_vehicle_type_known', sql`${t.vehicleType} in (${sql.raw(vehicleTypes.map((v) => `'${v}'`).join(', '))})`),
    check('service_surcharges_amount_range', sql`${t.surchargeCents} between 1 and 50000`),
  ],
);
