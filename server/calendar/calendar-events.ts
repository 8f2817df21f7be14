import { asc, inArray } from 'drizzle-orm';
import { calendarSequence, calendarStatusOf, type CalendarMove } from '@core/domain/calendar.ts';
import { vehicleDescription } from '@core/domain/vehicles.ts';
import { placeLine } from '@core/domain/places.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { bookingEvents } from '../db/schema.ts';
import type { BookingRecord } from '../bookings/booking-records.ts';
import type { IcsCalendar, TimedEvent } from './ics.ts';

// What a booking is in a calendar, the same in its own file and in its detailer's feed (decision 044).

/** Who the entry is written for: the customer reads who comes, the detailer whom they go to. */
export type CalendarReader = 'customer' | 'detailer';

/** The host that makes UIDs unique to this Glossly (RFC 5545 suggests a domain on the right of the @). */
const uidHost = (config: Pick<Config, 'PUBLIC_URL'>) => new URL(config.PUBLIC_URL).host;

export const bookingUid = (config: Pick<Config, 'PUBLIC_URL'>, bookingId: number) => `booking-${bookingId}@${uidHost(config)}`;
export const dayOffUid = (config: Pick<Config, 'PUBLIC_URL'>, detailerId: number, date: string) =>
  `day-off-${detailerId}-${date}@${uidHost(config)}`;

/** Who publishes every Glossly calendar: the address Glossly's mail comes from, never a person's. */
export function calendarOrganizer(config: Pick<Config, 'MAIL_FROM'>): IcsCalendar['organizer'] {
  const email = /<([^<>]+)>/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM.trim();
  return { name: 'Glossly', email };
}

/** Each booking's calendar moves (its events, in order), for calendarSequence. */
export async function calendarMovesOf(db: Database, bookingIds: readonly number[]): Promise<Map<number, CalendarMove[]>> {
  const moves = new Map<number, CalendarMove[]>();
  if (bookingIds.length === 0) return moves;
  const rows = await db
    .select({
      bookingId: bookingEvents.bookingId,
      action: bookingEvents.action,
      fromStatus: bookingEvents.fromStatus,
      toStatus: bookingEvents.toStatus,
    })
    .from(bookingEvents)
    .where(inArray(bookingEvents.bookingId, [...bookingIds]))
    .orderBy(asc(bookingEvents.id));
  for (const { bookingId, ...move } of rows) {
    const list = moves.get(bookingId);
    if (list) list.push(move);
    else moves.set(bookingId, [move]);
  }
  return moves;
}

/**
 * One booking as a calendar event. The job's address is the LOCATION, the detailer's business (for the customer) or
 * the customer's name (for the detailer) is in the summary, and the URL leads back to the booking. No phone, email,
 * gate code or plate: a calendar is often shared or synced to places Glossly does not control.
 */
export function bookingCalendarEvent(
  config: Pick<Config, 'PUBLIC_URL'>,
  record: BookingRecord,
  reader: CalendarReader,
  moves: readonly CalendarMove[],
  now: Date,
): TimedEvent {
  const { booking } = record;
  const status = calendarStatusOf(booking.status);
  const url = `${config.PUBLIC_URL}/bookings/${booking.id}`;
  const title =
    reader === 'customer'
      ? `${record.serviceName} with ${record.detailerBusinessName}`
      : `${record.serviceName} for ${record.customerName}`;
  const vehicle = booking.vehicleDetails ? vehicleDescription(booking.vehicleDetails) : booking.vehicleType;
  const description = [
    status === 'CANCELLED'
      ? 'This booking was cancelled.'
      : status === 'TENTATIVE'
        ? `Waiting for ${record.detailerBusinessName} to accept.`
        : null,
    reader === 'customer' ? `Detailer: ${record.detailerBusinessName}` : `Customer: ${record.customerName}`,
    `Service: ${record.serviceName}`,
    `Vehicle: ${vehicle}`,
    `Booking on Glossly: ${url}`,
  ].filter((line): line is string => line !== null);
  return {
    uid: bookingUid(config, booking.id),
    sequence: calendarSequence(moves),
    stamp: now,
    status,
    summary: status === 'CANCELLED' ? `Cancelled: ${title}` : title,
    description: description.join('\n'),
    location: placeLine(booking),
    url,
    start: booking.startsAt,
    end: booking.endsAt,
    created: booking.createdAt,
    lastModified: booking.updatedAt,
  };
}
