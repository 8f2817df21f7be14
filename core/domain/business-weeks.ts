import { dateInZone, weekdayOf, zonedTimeToUtc } from './time-slots.ts';

/** The business dashboard's periods (GET /api/detailer/stats?period=), each a whole number of weeks. */
export const statsPeriods = ['4w', '12w', '6m', '12m'] as const;
export type StatsPeriod = (typeof statsPeriods)[number];

/** Weeks shown per period: six months are 26 weeks and a year 52, so every bar is a whole week. */
export const weeksInPeriod: Record<StatsPeriod, number> = { '4w': 4, '12w': 12, '6m': 26, '12m': 52 };

/** A calendar date (YYYY-MM-DD) moved by whole days; pure date arithmetic, no time zone involved. */
export function addCalendarDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The Monday that starts the week of a calendar date (weeks run Monday to Sunday, as PostgreSQL's date_trunc). */
export function mondayOf(date: string): string {
  return addCalendarDays(date, -((weekdayOf(date) + 6) % 7));
}

/** The Monday (YYYY-MM-DD) of the week an instant falls in, on the wall clock of `timeZone`. */
export function weekStartInZone(instant: Date, timeZone: string): string {
  return mondayOf(dateInZone(instant, timeZone));
}

export type StatsWindow = {
  /** Every week's Monday, oldest first; the last is the current week. */
  weekStarts: string[];
  /** Every month (YYYY-MM) the window touches, oldest first. */
  months: string[];
  /** Midnight of the first Monday in the detailer's zone: everything at or after it counts. */
  from: Date;
};

/** The weeks and months a period covers, ending with the week of `now` in the detailer's zone. */
export function statsWindow(period: StatsPeriod, now: Date, timeZone: string): StatsWindow {
  const currentMonday = weekStartInZone(now, timeZone);
  const count = weeksInPeriod[period];
  const weekStarts = Array.from({ length: count }, (_, index) => addCalendarDays(currentMonday, (index - count + 1) * 7));
  const firstMonday = weekStarts[0]!;
  const months: string[] = [];
  let [year, month] = firstMonday.split('-').map(Number) as [number, number];
  const lastMonth = dateInZone(now, timeZone).slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    months.push(key);
    if (key >= lastMonth) break;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return { weekStarts, months, from: zonedTimeToUtc(firstMonday, 0, timeZone) };
}
