/** The six bookable start times of a day (spec section 9), in the detailer's time zone. */
export const timeSlots = [
  { label: '9:00 AM', minuteOfDay: 9 * 60 },
  { label: '10:00 AM', minuteOfDay: 10 * 60 },
  { label: '11:00 AM', minuteOfDay: 11 * 60 },
  { label: '1:00 PM', minuteOfDay: 13 * 60 },
  { label: '2:00 PM', minuteOfDay: 14 * 60 },
  { label: '3:00 PM', minuteOfDay: 15 * 60 },
] as const;

export const timeSlotLabels = ['9:00 AM', '10:00 AM', '11:00 AM', '1:00 PM', '2:00 PM', '3:00 PM'] as const;
export type TimeSlotLabel = (typeof timeSlotLabels)[number];

/**
 * Why a slot can or cannot be booked: 'ok'; 'past'; 'closed' (outside the detailer's hours or a day off); 'taken'
 * (another job); 'previous' / 'next' (no time to drive from the job before or on to the job after).
 */
export const slotReasons = ['ok', 'past', 'closed', 'taken', 'previous', 'next'] as const;
export type SlotReason = (typeof slotReasons)[number];

/** What the booking check says when it refuses a slot, and what the booking page says when it clears one. */
export const slotRefusalMessages: Record<Exclude<SlotReason, 'ok'>, string> = {
  past: 'That time has already passed. Please choose another time.',
  closed: 'The detailer is not available at that time. Please choose another time.',
  taken: 'That time slot was just taken. Please choose another time.',
  previous: 'That time leaves the detailer too little time to drive from their previous job. Please choose another time.',
  next: 'That time leaves the detailer too little time to drive to their next job. Please choose another time.',
};

export function slotMinuteOfDay(label: TimeSlotLabel): number {
  const slot = timeSlots.find((s) => s.label === label);
  if (!slot) throw new RangeError(`Unknown time slot ${label}`);
  return slot.minuteOfDay;
}

/** Whether a string is a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock reading in a time zone at an instant (independent of the process time zone). */
export function wallClockAt(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** Offset of a zone from UTC at an instant, in minutes (Los Angeles in winter: -480). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const w = wallClockAt(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant when the wall clock in `timeZone` reads `date` at `minuteOfDay`.
 * Across a daylight-saving change the offset is taken at the target moment itself; a wall time that
 * does not exist (spring forward gap) moves forward by the gap, an ambiguous one (fall back) takes the
 * first occurrence.
 */
export function zonedTimeToUtc(date: string, minuteOfDay: number, timeZone: string): Date {
  if (!isCalendarDate(date)) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wallAsUtc = Date.UTC(y, m - 1, d, 0, minuteOfDay);
  // Two passes converge for every real zone: guess with the offset at the naive instant, then correct.
  const firstOffset = zoneOffsetMinutes(new Date(wallAsUtc), timeZone);
  let candidate = wallAsUtc - firstOffset * 60_000;
  const secondOffset = zoneOffsetMinutes(new Date(candidate), timeZone);
  if (secondOffset !== firstOffset) {
    const other = wallAsUtc - secondOffset * 60_000;
    // Prefer the candidate whose wall clock reads the requested time; otherwise (a gap) the later one.
    const readsBack = (t: number) => {
      const w = wallClockAt(new Date(t), timeZone);
      return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) === wallAsUtc;
    };
    if (readsBack(other) && readsBack(candidate)) candidate = Math.min(other, candidate);
    else if (readsBack(other)) candidate = other;
    else if (!readsBack(candidate)) candidate = Math.max(other, candidate);
  }
  return new Date(candidate);
}

/** Today's date (YYYY-MM-DD) in a time zone. */
export function dateInZone(instant: Date, timeZone: string): string {
  const w = wallClockAt(instant, timeZone);
  return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

const startTextFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * A booking's start in words on the wall clock of `timeZone` (the detailer's), as a notification says it:
 * 'Tue, Nov 24, 10:00 AM' with the weekday 'short', 'Tuesday, Nov 24, 10:00 AM' with 'long'.
 */
export function startText(startsAt: Date, timeZone: string, weekday: 'short' | 'long'): string {
  const key = `${timeZone} ${weekday}`;
  let format = startTextFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, weekday, month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
    startTextFormats.set(key, format);
  }
  return format.format(startsAt);
}

/** Weekday of a calendar date, 0 = Sunday .. 6 = Saturday (a date has one weekday in every zone). */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** A detailer's working hours on one weekday: minutes of the day, start inclusive, end exclusive. */
export type HoursOfDay = { startMinute: number; endMinute: number };

/** Whether a job starting at `minuteOfDay` and lasting `durationMinutes` fits inside one range of the day's hours. */
export function slotInHours(hours: readonly HoursOfDay[], minuteOfDay: number, durationMinutes: number): boolean {
  return hours.some((range) => range.startMinute <= minuteOfDay && minuteOfDay + durationMinutes <= range.endMinute);
}

/**
 * A day the detailer takes no job of this length at all: a day off, or no slot inside their hours. The booking
 * check calls such a slot 'closed', and the calendars mark the day, from this one rule.
 */
export function isClosedDay(hours: readonly HoursOfDay[], isDayOff: boolean, durationMinutes: number): boolean {
  return isDayOff || !timeSlots.some((slot) => slotInHours(hours, slot.minuteOfDay, durationMinutes));
}
