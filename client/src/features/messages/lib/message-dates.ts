// Dates of messages in the browser's own time zone: a thread reads like the reader's day.

const dayMs = 24 * 60 * 60 * 1000;

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());

/** Whole calendar days from `date` to `now` (0 today, 1 yesterday), in local time. */
export function daysAgo(date: Date, now: Date): number {
  return Math.round((startOfDay(now).getTime() - startOfDay(date).getTime()) / dayMs);
}

/** A local calendar day's key, for grouping messages under one separator. */
export const localDayKey = (iso: string) => {
  const date = new Date(iso);
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
};

/** '3:05 PM' */
export const formatClockTime = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/** The day separator of a thread: 'Today', 'Yesterday', 'Monday, November 23' (with the year when not this one). */
export function formatDaySeparator(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const ago = daysAgo(date, now);
  if (ago === 0) return 'Today';
  if (ago === 1) return 'Yesterday';
  return date.toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
}

/** A list row's time: '3:05 PM' today, 'Yesterday', 'Mon' this week, else 'Nov 23' (or 'Nov 23, 2024'). */
export function formatListTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const ago = daysAgo(date, now);
  if (ago <= 0) return formatClockTime(iso);
  if (ago === 1) return 'Yesterday';
  if (ago < 7) return date.toLocaleDateString('en-US', { weekday: 'short' });
  return date.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
}

/** A booking's start in a list row: 'Mon, Dec 1'. */
export const formatBookingDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric' });
