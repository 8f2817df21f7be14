import { describe, expect, it } from 'vitest';
import { addDays, formatLongDate, formatMonth, formatShortDate } from './calendar-dates.ts';

const intl = (value: string, options: Intl.DateTimeFormatOptions) =>
  new Date(`${value}T00:00:00Z`).toLocaleDateString('en-US', { ...options, timeZone: 'UTC' });

describe('calendar dates in words', () => {
  it("writes every day of a year and of a leap year as en-US's long and short formats do", () => {
    for (const start of ['2026-01-01', '2028-01-01']) {
      for (let day = 0; day < 366; day++) {
        const value = addDays(start, day);
        expect(formatLongDate(value), value).toBe(intl(value, { weekday: 'long', month: 'long', day: 'numeric' }));
        expect(formatShortDate(value), value).toBe(intl(value, { weekday: 'short', month: 'short', day: 'numeric' }));
      }
    }
    expect(formatLongDate('2026-11-23')).toBe('Monday, November 23');
    expect(formatShortDate('2026-09-01')).toBe('Tue, Sep 1');
  });

  it('writes a month and its year, a month index past December running into the next year', () => {
    for (let month = 0; month < 12; month++) {
      expect(formatMonth(2026, month)).toBe(
        new Date(Date.UTC(2026, month, 1)).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
      );
    }
    expect(formatMonth(2026, 12)).toBe('January 2027');
    expect(formatMonth(2026, -1)).toBe('December 2025');
  });
});
