import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { vehicleTypes } from '@core/schemas/booking.ts';
import { createdAt } from './columns.ts';
import { uploads, users } from './accounts.ts';

/** A customer's car (My Cars). At most one default per customer: the partial unique index. */
export const vehicles = pgTable(
  'vehicles',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    make: text('make').notNull(),
    model: text('model').notNull(),
    year: integer('year').notNull(),
    color: text('color').notNull().default(''),
    licensePlate: text('license_plate').notNull().default(''),
    vehicleType: text('vehicle_type', { enum: vehicleTypes }).notNull(),
    nickname: text('nickname').notNull().default(''),
    photoUploadId: integer('photo_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('vehicles_year_range', sql`${t.year} between 1950 and 2100`),
    check('vehicles_vehicle_type_known', sql`${t.vehicleType} in (${sql.raw(vehicleTypes.map((v) => `'${v}'`).join(', '))})`),
    check(
      'vehicles_text_lengths',
      sql`char_length(${t.make}) between 1 and 40 and char_length(${t.model}) between 1 and 60
      and char_length(${t.color}) <= 30 and char_length(${t.licensePlate}) <= 12 and char_length(${t.nickname}) <= 40`,
    ),
    index('vehicles_customer_id_idx').on(t.customerId),
    uniqueIndex('vehicles_one_default')
      .on(t.customerId)
      .where(sql`${t.isDefault}`),
  ],
);

/** A customer's saved place (Addresses). At most one default per customer. */
export const savedAddresses = pgTable(
  'saved_addresses',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    address: text('address').notNull(),
    apt: text('apt').notNull().default(''),
    city: text('city').notNull(),
    zip: text('zip').notNull(),
    /** Gate code, where to park: shown to the detailer of a booking at this place. */
    accessNotes: text('access_notes').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('saved_addresses_zip_format', sql`${t.zip} ~ '^[0-9]{5}(-[0-9]{4})?$'`),
    check(
      'saved_addresses_text_lengths',
      sql`char_length(${t.label}) between 1 and 40 and char_length(${t.address}) between 1 and 200
      and char_length(${t.city}) between 1 and 100 and char_length(${t.apt}) <= 40 and char_length(${t.accessNotes}) <= 500`,
    ),
    index('saved_addresses_customer_id_idx').on(t.customerId),
    uniqueIndex('saved_addresses_one_default')
      .on(t.customerId)
      .where(sql`${t.isDefault}`),
  ],
);
