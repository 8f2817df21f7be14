import type { StatsPeriod } from '@core/domain/business-weeks.ts';
import { formatUsd } from '@core/domain/money.ts';
import { monthNames } from '@/lib/calendar-dates.ts';

export const periodLabels: Record<StatsPeriod, string> = {
  '4w': '4 weeks',
  '12w': '12 weeks',
  '6m': '6 months',
  '12m': '12 months',
};

const shortMonthNames = monthNames.map((name) => name.slice(0, 3));

/** Sunday first, as the server's weekday numbers (0 = Sunday). */
export const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** '2026-11-16' as 'Nov 16': calendar dates, read without any time zone. */
export function shortDate(date: string): string {
  const [, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${shortMonthNames[month - 1]} ${day}`;
}

/** '2026-11' as 'Nov' on an axis, 'November 2026' in a table. */
export function monthLabel(month: string, style: 'short' | 'long' = 'short'): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return style === 'short' ? shortMonthNames[index - 1]! : `${monthNames[index - 1]} ${year}`;
}

/** 14 as '2 PM' (tables) or '2p' (the grid's narrow header). */
export function hourLabel(hour: number, style: 'long' | 'short' = 'long'): string {
  const suffix = hour >= 12 ? 'PM' : 'AM';
  const twelve = ((hour + 11) % 12) + 1;
  return style === 'long' ? `${twelve} ${suffix}` : `${twelve}${suffix[0]!.toLowerCase()}`;
}

/** An axis tick: $1,250 as '$1.3k', whole dollars below a thousand. */
export function compactUsd(cents: number): string {
  const dollars = cents / 100;
  return dollars >= 1000 ? `$${(dollars / 1000).toFixed(1).replace(/\.0$/, '')}k` : `$${Math.round(dollars)}`;
}

export { formatUsd };
