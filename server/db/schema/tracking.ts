import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, index, integer, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { bookings } from './bookings.ts';
import { detailers } from './catalog.ts';

/** The day a detailer turned location sharing on (in their time zone); sharing is off on any other day. */
export const locationSharing = pgTable('location_sharing', {
  detailerId: integer('detailer_id')
    .primaryKey()
    .references(() => detailers.id, { onDelete: 'cascade' }),
  sharingOn: date('sharing_on').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A detailer's position during one booking's trip or job. Only written while that booking is en route or in
 * progress; deleted 24 hours after the job ends (the retention job).
 */
export const detailerPositions = pgTable(
  'detailer_positions',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    detailerId: integer('detailer_id')
      .notNull()
      .references(() => detailers.id, { onDelete: 'cascade' }),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    accuracyMeters: doublePrecision('accuracy_meters'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('detailer_positions_latitude_range', sql`${t.latitude} between -90 and 90`),
    check('detailer_positions_longitude_range', sql`${t.longitude} between -180 and 180`),
    check('detailer_positions_accuracy_non_negative', sql`${t.accuracyMeters} is null or ${t.accuracyMeters} >= 0`),
    index('detailer_positions_booking_id_recorded_at_idx').on(t.bookingId, t.recordedAt),
  ],
);

/** The 'Arriving soon' notice of a booking, sent once: the primary key makes a second insert a no-op. */
export const arrivalNotices = pgTable('arrival_notices', {
  bookingId: integer('booking_id')
    .primaryKey()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});
