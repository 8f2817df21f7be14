import type { BookingStatus } from './booking-status.ts';

// Calendars that stay in sync (issue 41, decision 044): what a booking is in someone's calendar, and when that changes.

/** A booking's STATUS in a calendar (RFC 5545 VEVENT): a request is tentative, a promise confirmed, an end cancelled. */
export type CalendarStatus = 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED';

/** Exhaustive: a new booking status fails to compile until it says what a calendar shows for it. */
export function calendarStatusOf(status: BookingStatus): CalendarStatus {
  switch (status) {
    case 'pending_payment':
    case 'requested':
      return 'TENTATIVE';
    case 'accepted':
    case 'en_route':
    case 'in_progress':
    case 'completed':
    case 'overdue':
      return 'CONFIRMED';
    case 'declined':
    case 'expired':
    case 'cancelled':
    case 'abandoned':
    case 'no_show':
      return 'CANCELLED';
    default: {
      const unreachable: never = status;
      throw new Error(`Unknown booking status ${String(unreachable)}`);
    }
  }
}

/** One move of a booking as its events record it (server/db/schema/bookings.ts `booking_events`). */
export type CalendarMove = { action: string; fromStatus: BookingStatus | null; toStatus: BookingStatus };

/**
 * The booking's SEQUENCE: how many times what a calendar shows of it changed since it was made. A new time
 * (reschedule) or a new calendar status (accepted, cancelled...) counts; On my way or Start does not. Counted from the
 * booking's events, so every file and the feed agree, and it only grows.
 */
export function calendarSequence(moves: readonly CalendarMove[]): number {
  let sequence = 0;
  for (const move of moves) {
    if (move.fromStatus === null) continue; // the booking's creation
    if (move.action === 'reschedule' || calendarStatusOf(move.fromStatus) !== calendarStatusOf(move.toStatus)) sequence += 1;
  }
  return sequence;
}

/** The bookings a customer is offered 'Add to calendar' for: paid and not over. An unpaid hold may lapse in minutes. */
export const addToCalendarStatuses = [
  'requested',
  'accepted',
  'en_route',
  'in_progress',
  'overdue',
] as const satisfies readonly BookingStatus[];

/** Bookings whose calendar entry the page offers to take off (a cancelled file): they had been paid, then ended unworked. */
export const removeFromCalendarStatuses = ['cancelled', 'declined', 'expired', 'no_show'] as const satisfies readonly BookingStatus[];

/** A detailer's feed lists these jobs: accepted, under way or done (a request is not yet theirs to keep free). */
export const feedJobStatuses = ['accepted', 'en_route', 'in_progress', 'overdue', 'completed'] as const satisfies readonly BookingStatus[];

/** How far back the feed reaches (jobs and days off): a month of history, then everything ahead. */
export const feedHistoryDays = 30;

/** The booking's calendar file (GET, signed in as its customer, its detailer or an admin). */
export const bookingCalendarPath = (bookingId: number) => `/api/bookings/${bookingId}/calendar.ics`;

/** A detailer's feed file; the token is its only credential. */
export const calendarFeedPath = (token: string) => `/api/calendar/${token}.ics`;

/** The same address for a calendar app: webcal: asks the phone to subscribe rather than download once. */
export const webcalUrl = (httpsUrl: string) => httpsUrl.replace(/^https?:/, 'webcal:');
