import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './accounts.ts';
import { detailers, services } from './catalog.ts';
import { bookingStatusEnum } from './enums.ts';
import { vehicles } from './garage.ts';

/** A booked car as it was at booking time (a later edit of the car does not rewrite history). */
export type BookedVehicle = {
  make: string;
  model: string;
  year: number;
  color: string;
  licensePlate: string;
  nickname: string;
  vehicleType: string;
};

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
    /** The customer's saved car the booking was made with, if any; `vehicleDetails` keeps it as it was then. */
    vehicleId: integer('vehicle_id').references((): AnyPgColumn => vehicles.id, { onDelete: 'set null' }),
    vehicleDetails: jsonb('vehicle_details').$type<BookedVehicle>(),
    /** Gate code, where to park: from the saved address or typed at booking. */
    accessNotes: text('access_notes').notNull().default(''),
    /** Where the job is, from the geocoder at booking time (ZIP centroid by default); null when it was not found. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** How exact that place is: the street address's ('street', a geocoder found it) or the ZIP code's centre ('zip'). */
    placePrecision: text('place_precision', { enum: ['street', 'zip'] })
      .notNull()
      .default('zip'),
    priceCents: integer('price_cents').notNull(),
    /** The service's surcharge for this vehicle type when booked (0 for none); taxed like the price. */
    vehicleSurchargeCents: integer('vehicle_surcharge_cents').notNull().default(0),
    serviceFeeCents: integer('service_fee_cents').notNull(),
    /**
     * Off the price and surcharge (decision 022): a promo code's discount, a plan's member discount, or the whole of
     * both for a visit the plan covers. Tax is on what is left.
     */
    discountCents: integer('discount_cents').notNull().default(0),
    // Their foreign keys (to promo_codes and memberships, on delete set null) are in migration 0012's hand-written
    // part: declared here they would make the schema files import each other in a cycle.
    promoCodeId: integer('promo_code_id'),
    /** The membership that covered or discounted the booking. */
    membershipId: integer('membership_id'),
    taxCents: integer('tax_cents').notNull(),
    /** The platform settings the booking was priced with (decision 022): a later change does not reprice it. */
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull().default(800),
    freeCancellationHours: integer('free_cancellation_hours').notNull().default(24),
    lateCancellationFeeCents: integer('late_cancellation_fee_cents').notNull().default(1500),
    totalCents: integer('total_cents').notNull(),
    /** A pending_payment booking holds its slot until this moment. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** Set when the customer cancelled: 0 when free, else the fee they confirmed (the Payments issue charges it). */
    cancellationFeeCents: integer('cancellation_fee_cents'),
    /** When the job was completed: the tip, claim (48 h) and review (14 days) windows count from here. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the service's checklist was copied to the job (decision 020), even an empty one: it is copied once. */
    checklistCopiedAt: timestamp('checklist_copied_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bookings_customer_id_idx').on(t.customerId),
    index('bookings_detailer_id_starts_at_idx').on(t.detailerId, t.startsAt),
    check('bookings_place_precision_known', sql`${t.placePrecision} in ('street', 'zip')`),
    check('bookings_time_range', sql`${t.endsAt} > ${t.startsAt}`),
    check('bookings_completed_at_when_completed', sql`${t.completedAt} is null or ${t.status} = 'completed'`),
    check(
      'bookings_amounts_non_negative',
      sql`${t.priceCents} > 0 and ${t.vehicleSurchargeCents} >= 0 and ${t.serviceFeeCents} >= 0 and ${t.taxCents} >= 0`,
    ),
    check('bookings_discount_range', sql`${t.discountCents} >= 0 and ${t.discountCents} <= ${t.priceCents} + ${t.vehicleSurchargeCents}`),
    check(
      'bookings_total_is_sum',
      sql`${t.totalCents} = ${t.priceCents} + ${t.vehicleSurchargeCents} - ${t.discountCents} + ${t.serviceFeeCents} + ${t.taxCents}`,
    ),
    check(
      'bookings_priced_with_ranges',
      sql`${t.taxRateBasisPoints} between 0 and 2500 and ${t.freeCancellationHours} between 0 and 168 and ${t.lateCancellationFeeCents} >= 0`,
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
