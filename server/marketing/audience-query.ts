import { and, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { paidStatuses } from '@core/domain/booking-status.ts';
import { dayEnd, dayStart, needsBookingCount } from '@core/domain/audience-rules.ts';
import type { AudienceRules } from '@core/schemas/marketing.ts';
import { badRequest } from '@core/errors.ts';
import type { Geocoder } from '../geo/geocoder.ts';
import { users } from '../db/schema.ts';

/** A booking counts for the count and the "last booking" rules once paid for (core's paidStatuses). */
const paidList = sql.raw(paidStatuses.map((status) => `'${status}'`).join(', '));

const earthRadiusMiles = 3958.8;

/** Great-circle miles from a row's latitude/longitude columns to a point, in SQL (the haversine formula). */
function milesFrom(latitude: SQL, longitude: SQL, point: { latitude: number; longitude: number }): SQL {
  const [lat, lng] = [sql`${point.latitude}::float8`, sql`${point.longitude}::float8`];
  return sql`${earthRadiusMiles}::float8 * 2 * asin(least(1, sqrt(
    power(sin(radians(${latitude} - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${latitude})) * power(sin(radians(${longitude} - ${lng}) / 2), 2)
  )))`;
}

/**
 * The rules as ONE SQL condition on `users` (every rule an AND-ed subquery): the database filters, no user is
 * loaded to be filtered. A person is where their saved addresses or their bookings are. Disabled and deleted
 * accounts are never in an audience. The ZIP's centre comes from the geocoder first (an unknown ZIP is a 400).
 */
export async function audienceCondition(geocoder: Geocoder, rules: AudienceRules): Promise<SQL> {
  const conditions: Array<SQL | undefined> = [eq(users.isDisabled, false), isNull(users.deletedAt)];
  if (rules.role) conditions.push(eq(users.role, rules.role));
  if (rules.city) {
    const city = rules.city.toLowerCase();
    conditions.push(sql`(exists (select 1 from saved_addresses a where a.customer_id = ${users.id} and lower(a.city) = ${city})
      or exists (select 1 from bookings b where b.customer_id = ${users.id} and lower(b.city) = ${city}))`);
  }
  if (rules.zip && rules.radiusMiles !== undefined) {
    const centre = await geocoder.locateZip(rules.zip);
    if (!centre) throw badRequest(`We could not find ZIP code ${rules.zip}. Check it and try again.`, { zip: 'Unknown ZIP code' });
    const near = (alias: string) =>
      sql`${milesFrom(sql.raw(`${alias}.latitude`), sql.raw(`${alias}.longitude`), centre)} <= ${rules.radiusMiles}::float8`;
    conditions.push(sql`(exists (select 1 from saved_addresses a where a.customer_id = ${users.id} and a.latitude is not null and ${near('a')})
      or exists (select 1 from bookings b where b.customer_id = ${users.id} and b.latitude is not null and ${near('b')}))`);
  }
  if (rules.lastBookingAfter) {
    conditions.push(
      sql`exists (select 1 from bookings b where b.customer_id = ${users.id} and b.status in (${paidList}) and b.starts_at >= ${dayStart(rules.lastBookingAfter)})`,
    );
  }
  if (rules.lastBookingBefore) {
    // The LAST booking is before the day's end: at least one booking, and none after.
    conditions.push(sql`exists (select 1 from bookings b where b.customer_id = ${users.id} and b.status in (${paidList}))
      and not exists (select 1 from bookings b where b.customer_id = ${users.id} and b.status in (${paidList}) and b.starts_at >= ${dayEnd(rules.lastBookingBefore)})`);
  }
  if (needsBookingCount(rules)) {
    const bookingCount = sql`(select count(*) from bookings b where b.customer_id = ${users.id} and b.status in (${paidList}))`;
    if (rules.minBookings !== undefined) conditions.push(sql`${bookingCount} >= ${rules.minBookings}`);
    if (rules.maxBookings !== undefined) conditions.push(sql`${bookingCount} <= ${rules.maxBookings}`);
  }
  if (rules.hasMembership !== undefined) {
    const member = sql`exists (select 1 from memberships m where m.customer_id = ${users.id} and m.status = 'active')`;
    conditions.push(rules.hasMembership ? member : sql`not ${member}`);
  }
  if (rules.vehicleType) {
    conditions.push(sql`exists (select 1 from vehicles v where v.customer_id = ${users.id} and v.vehicle_type = ${rules.vehicleType})`);
  }
  if (rules.signedUpFrom) conditions.push(gte(users.createdAt, dayStart(rules.signedUpFrom)));
  if (rules.signedUpTo) conditions.push(lt(users.createdAt, dayEnd(rules.signedUpTo)));
  return and(...conditions)!;
}

/** Where a member lives, for the sample: their default (or first) saved address, else their latest booking's city. */
export const memberCity = sql<string | null>`coalesce(
  (select a.city from saved_addresses a where a.customer_id = ${users.id} order by a.is_default desc, a.id limit 1),
  (select b.city from bookings b where b.customer_id = ${users.id} order by b.starts_at desc limit 1))`;
