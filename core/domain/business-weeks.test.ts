import { describe, expect, it } from 'vitest';
import { addCalendarDays, mondayOf, statsWindow, weekStartInZone } from './business-weeks.ts';

describe('business weeks', () => {
  it('moves calendar dates across months and years', () => {
    expect(addCalendarDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addCalendarDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('finds the Monday of any day, Sunday ending the week', () => {
    expect(mondayOf('2026-11-23')).toBe('2026-11-23'); // a Monday
    expect(mondayOf('2026-11-29')).toBe('2026-11-23'); // the Sunday after
    expect(mondayOf('2026-11-30')).toBe('2026-11-30');
  });

  it("buckets an instant by the week on the detailer's wall clock, not UTC", () => {
    // Monday 2026-11-30 03:00 UTC is still Sunday evening in Los Angeles, and Monday morning in Kolkata.
    const instant = new Date('2026-11-30T03:00:00Z');
    expect(weekStartInZone(instant, 'America/Los_Angeles')).toBe('2026-11-23');
    expect(weekStartInZone(instant, 'Asia/Kolkata')).toBe('2026-11-30');
  });

  it('ends the window with the current week and starts it at midnight of the first Monday in the zone', () => {
    const window = statsWindow('4w', new Date('2026-11-25T20:00:00Z'), 'America/Los_Angeles');
    expect(window.weekStarts).toEqual(['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23']);
    expect(window.months).toEqual(['2026-11']);
    // 2026-11-02 is after the end of daylight saving time: midnight is 08:00 UTC.
    expect(window.from.toISOString()).toBe('2026-11-02T08:00:00.000Z');
  });

  it('covers 26 weeks for six months and 52 for a year, listing every month touched', () => {
    const now = new Date('2026-11-25T20:00:00Z');
    const half = statsWindow('6m', now, 'America/Los_Angeles');
    expect(half.weekStarts).toHaveLength(26);
    expect(half.weekStarts[0]).toBe('2026-06-01');
    expect(half.months).toEqual(['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11']);
    const year = statsWindow('12m', now, 'America/Los_Angeles');
    expect(year.weekStarts).toHaveLength(52);
    expect(year.months[0]).toBe('2025-12');
    expect(year.months.at(-1)).toBe('2026-11');
  });
});
