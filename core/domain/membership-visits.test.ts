import { describe, expect, it } from 'vitest';
import { weekdayOf } from './time-slots.ts';
import { addCalendarDays } from './business-weeks.ts';
import {
  alternativeDates,
  bookableWindows,
  catchUp,
  firstVisitOn,
  isDueForBooking,
  nextVisitAfter,
  slotsInWindow,
  upcomingVisitDates,
} from './membership-visits.ts';

describe('visit rhythm dates', () => {
  it('adds days across month, year and leap-day ends', () => {
    expect(addCalendarDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addCalendarDays('2026-12-28', 14)).toBe('2027-01-11');
    expect(addCalendarDays('2028-02-27', 2)).toBe('2028-02-29');
    expect(addCalendarDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('starts on the first chosen weekday after today, never today', () => {
    // 2026-11-24 is a Tuesday.
    expect(weekdayOf('2026-11-24')).toBe(2);
    expect(firstVisitOn('2026-11-24', 4)).toBe('2026-11-26');
    expect(firstVisitOn('2026-11-24', 2)).toBe('2026-12-01');
    expect(firstVisitOn('2026-11-24', 1)).toBe('2026-11-30');
    for (let weekday = 0; weekday < 7; weekday++) expect(weekdayOf(firstVisitOn('2026-11-24', weekday))).toBe(weekday);
  });

  it('keeps the weekday every 2 or 4 weeks, across daylight-saving changes', () => {
    expect(nextVisitAfter('2026-10-29', 2)).toBe('2026-11-12');
    expect(nextVisitAfter('2026-10-29', 4)).toBe('2026-11-26');
    expect(upcomingVisitDates('2026-03-02', 2, 3)).toEqual(['2026-03-02', '2026-03-16', '2026-03-30']);
    for (const date of upcomingVisitDates('2026-03-02', 4, 13)) expect(weekdayOf(date)).toBe(1);
  });

  it('is due from 7 days ahead until the day before', () => {
    expect(isDueForBooking('2026-12-01', '2026-11-24')).toBe(true);
    expect(isDueForBooking('2026-12-02', '2026-11-24')).toBe(false);
    expect(isDueForBooking('2026-11-25', '2026-11-24')).toBe(true);
    expect(isDueForBooking('2026-11-24', '2026-11-24')).toBe(false);
  });

  it('catches a rhythm that fell behind up to its first date after today', () => {
    expect(catchUp('2026-11-03', 2, '2026-11-24')).toBe('2026-12-01');
    expect(catchUp('2026-11-24', 4, '2026-11-24')).toBe('2026-12-22');
    expect(catchUp('2026-11-30', 2, '2026-11-24')).toBe('2026-11-30');
  });
});

describe('windows and alternatives', () => {
  it('offers morning and afternoon only: the evening has none of the six slots', () => {
    expect(slotsInWindow('morning')).toEqual(['9:00 AM', '10:00 AM', '11:00 AM']);
    expect(slotsInWindow('afternoon')).toEqual(['1:00 PM', '2:00 PM', '3:00 PM']);
    expect(slotsInWindow('evening')).toEqual([]);
    expect(bookableWindows).toEqual(['morning', 'afternoon']);
  });

  it('looks at the day itself, then the nearest days either side, never today or earlier', () => {
    expect(alternativeDates('2026-12-01', '2026-11-24')).toEqual(['2026-12-01', '2026-12-02', '2026-11-30', '2026-12-03', '2026-11-29']);
    expect(alternativeDates('2026-11-25', '2026-11-24')).toEqual(['2026-11-25', '2026-11-26', '2026-11-27']);
  });
});
