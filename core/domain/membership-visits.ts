import { timeSlotLabels, weekdayOf, type TimeSlotLabel } from './time-slots.ts';
import { slotInWindow, timeWindows, type TimeWindow } from './time-windows.ts';
import { addCalendarDays } from './business-weeks.ts';

/**
 * A member's visit rhythm (issue 18 ★, decision 022) as calendar arithmetic on YYYY-MM-DD dates in the detailer's
 * zone: every 2 or 4 weeks on one weekday, each visit booked this many days ahead.
 */
export const visitRhythms = [2, 4] as const;
export type VisitRhythm = (typeof visitRhythms)[number];

/** The scheduler books a visit once its date is this many days away (or fewer). */
export const visitBookingLeadDays = 7;

/** How far a visit may drift from its date when its day is full: the nearest alternative (then it asks to confirm). */
export const nearestAlternativeDays = 2;

export const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The first visit of a new rhythm: the first chosen weekday after today (a visit today could not be booked ahead). */
export function firstVisitOn(today: string, weekday: number): string {
  const ahead = (weekday - weekdayOf(today) + 7) % 7;
  return addCalendarDays(today, ahead === 0 ? 7 : ahead);
}

/** The visit after `dueOn` in the rhythm. */
export function nextVisitAfter(dueOn: string, everyWeeks: VisitRhythm): string {
  return addCalendarDays(dueOn, everyWeeks * 7);
}

/** Whether the scheduler books the visit due on `dueOn` today: from 7 days ahead until the day before. */
export function isDueForBooking(dueOn: string, today: string): boolean {
  return dueOn > today && dueOn <= addCalendarDays(today, visitBookingLeadDays);
}

/**
 * A rhythm whose date has gone by unbooked (the membership was paused by a failed renewal, the app was down) moves
 * on to its first date after today, keeping its weekday and rhythm: a visit is never booked in the past.
 */
export function catchUp(nextVisitOn: string, everyWeeks: VisitRhythm, today: string): string {
  let date = nextVisitOn;
  while (date <= today) date = nextVisitAfter(date, everyWeeks);
  return date;
}

/** The rhythm's next `count` dates from `nextVisitOn`, for the member's list of upcoming visits. */
export function upcomingVisitDates(nextVisitOn: string, everyWeeks: VisitRhythm, count: number): string[] {
  const dates: string[] = [];
  for (let date = nextVisitOn; dates.length < count; date = nextVisitAfter(date, everyWeeks)) dates.push(date);
  return dates;
}

/** The slots of a window, earliest first: the preferred detailer's first free one is booked. */
export function slotsInWindow(window: TimeWindow): TimeSlotLabel[] {
  return timeSlotLabels.filter((label) => slotInWindow(label, window));
}

/** The windows a member can choose: those with at least one of the day's slots (evening has none today). */
export const bookableWindows: TimeWindow[] = timeWindows.filter((window) => slotsInWindow(window).length > 0);

/**
 * Where to look when the preferred slot is taken, nearest first: the same day's other slots, then the days either
 * side up to nearestAlternativeDays (the day after before the day before), never today or earlier.
 */
export function alternativeDates(dueOn: string, today: string): string[] {
  const dates = [dueOn];
  for (let offset = 1; offset <= nearestAlternativeDays; offset++)
    dates.push(addCalendarDays(dueOn, offset), addCalendarDays(dueOn, -offset));
  return dates.filter((date) => date > today);
}
