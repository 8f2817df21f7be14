import { calendarStatusOf } from '@core/domain/calendar.ts';
import type { AppContext } from '../context.ts';
import { requireUser, type Actor } from '../identity/access.ts';
import { visibleRecord } from '../bookings/booking-records.ts';
import { bookingCalendarEvent, calendarMovesOf, calendarOrganizer } from './calendar-events.ts';
import { writeCalendar } from './ics.ts';

export type CalendarFile = { fileName: string; body: string };

/**
 * GET /api/bookings/:id/calendar.ics: the booking as it is now, for its customer, its detailer or an admin (anyone
 * else: the same 404 as for no booking). Opened again after a move it gives the new time at a higher SEQUENCE, after a
 * cancellation a METHOD:CANCEL, so a calendar app that had it updates or removes the same entry (one UID).
 */
export async function bookingCalendarFile(
  ctx: Pick<AppContext, 'db' | 'config'>,
  actor: Actor,
  now: Date,
  id: number,
): Promise<CalendarFile> {
  const user = requireUser(actor);
  const { record, relation } = await visibleRecord(ctx.db, user, id);
  const moves = (await calendarMovesOf(ctx.db, [id])).get(id) ?? [];
  const event = bookingCalendarEvent(ctx.config, record, relation === 'detailer' ? 'detailer' : 'customer', moves, now);
  const isCancelled = calendarStatusOf(record.booking.status) === 'CANCELLED';
  return {
    fileName: `glossly-booking-${id}.ics`,
    body: writeCalendar({ method: isCancelled ? 'CANCEL' : 'PUBLISH', organizer: calendarOrganizer(ctx.config), events: [event] }),
  };
}
