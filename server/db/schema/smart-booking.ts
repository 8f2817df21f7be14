import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { bookings } from './bookings.ts';

/**
 * The built-in forecast provider's weather (decision 022): what admins set per ZIP and day at
 * /test-weather-notifications. No row means dry. A configured real provider ignores this table.
 */
export const weatherForecasts = pgTable(
  'weather_forecasts',
  {
    zip: text('zip').notNull(),
    /** YYYY-MM-DD, the day in the platform's time zone. */
    date: text('date').notNull(),
    condition: text('condition', { enum: ['clear', 'rain', 'snow'] }).notNull(),
    /** Chance of precipitation, 0-100. */
    precipitationChance: integer('precipitation_chance').notNull(),
    setByUserId: integer('set_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.zip, t.date] }),
    check('weather_forecasts_zip_format', sql`${t.zip} ~ '^[0-9]{5}$'`),
    check('weather_forecasts_date_format', sql`${t.date} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
    check('weather_forecasts_condition_known', sql`${t.condition} in ('clear', 'rain', 'snow')`),
    check('weather_forecasts_chance_range', sql`${t.precipitationChance} between 0 and 100`),
  ],
);

/** A forecast check of an accepted booking: the primary key notifies once per booking, start time and window. */
export const weatherChecks = pgTable(
  'weather_checks',
  {
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** '24h' or '3h' before the start. */
    checkWindow: text('check_window', { enum: ['24h', '3h'] }).notNull(),
    /** The start the check was for: a rescheduled booking is checked again. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    outcome: text('outcome', { enum: ['dry', 'wet'] }).notNull(),
    precipitationChance: integer('precipitation_chance').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.checkWindow, t.startsAt] }),
    check('weather_checks_window_known', sql`${t.checkWindow} in ('24h', '3h')`),
    check('weather_checks_outcome_known', sql`${t.outcome} in ('dry', 'wet')`),
  ],
);
