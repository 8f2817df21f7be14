import { addCalendarDays } from '@core/domain/business-weeks.ts';

/** Calendar arithmetic on 'YYYY-MM-DD' strings, done in UTC so the browser's time zone never shifts a day. */

export type IsoDate = string;

const pad = (value: number) => String(value).padStart(2, '0');

export function toIsoDate(date: Date): IsoDate {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

export function fromIsoDate(value: IsoDate): Date {
  const [year, month, day] = value.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!));
}

/** Days from a date by the calendar: core's one rule, under the name the client's calendars use. */
export const addDays: (value: IsoDate, days: number) => IsoDate = addCalendarDays;

// en-US names, written out: a phone's first date formatter loads the locale's data, and each toLocaleDateString
// with options builds a new one (about 1 ms each at 4x CPU, 20 or more on a list of bookings).
const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** The months' names in English, January first. */
export const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const short = (name: string) => name.slice(0, 3);

/** 'Monday, November 23': the spec's weekday, month, day. */
export function formatLongDate(value: IsoDate): string {
  const date = fromIsoDate(value);
  return `${weekdayNames[date.getUTCDay()]}, ${monthNames[date.getUTCMonth()]} ${date.getUTCDate()}`;
}

/** 'Mon, Nov 23' for dense rows. */
export function formatShortDate(value: IsoDate): string {
  const date = fromIsoDate(value);
  return `${short(weekdayNames[date.getUTCDay()]!)}, ${short(monthNames[date.getUTCMonth()]!)} ${date.getUTCDate()}`;
}

/** 'November 2026'. */
export function formatMonth(year: number, monthIndex: number): string {
  const date = new Date(Date.UTC(year, monthIndex, 1));
  return `${monthNames[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** The weeks of a month grid, Sunday first; null pads the days outside the month. */
export function monthWeeks(year: number, monthIndex: number): Array<Array<IsoDate | null>> {
  const first = new Date(Date.UTC(year, monthIndex, 1));
  const daysInMonth = new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
  const cells: Array<IsoDate | null> = Array.from({ length: first.getUTCDay() }, () => null);
  for (let day = 1; day <= daysInMonth; day += 1) cells.push(`${year}-${pad(monthIndex + 1)}-${pad(day)}`);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: Array<Array<IsoDate | null>> = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}
