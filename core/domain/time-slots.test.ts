import { describe, expect, it } from 'vitest';
import {
  dateInZone,
  isCalendarDate,
  slotMinuteOfDay,
  startText,
  timeSlotLabels,
  timeSlots,
  weekdayOf,
  zonedTimeToUtc,
  zoneOffsetMinutes,
} from './time-slots.ts';

// Every expectation is an absolute instant: the tests pass whatever TZ the process runs with
// (also run: TZ=Asia/Kolkata npx vitest run core/domain/time-slots.test.ts).

const slotUtc = (date: string, label: (typeof timeSlotLabels)[number], zone: string) =>
  zonedTimeToUtc(date, slotMinuteOfDay(label), zone).toISOString();

describe('time slots', () => {
  it('are the six slots of spec section 9', () => {
    expect(timeSlots.map((s) => s.label)).toEqual(['9:00 AM', '10:00 AM', '11:00 AM', '1:00 PM', '2:00 PM', '3:00 PM']);
    expect(timeSlots.map((s) => s.label)).toEqual([...timeSlotLabels]);
    expect(timeSlots.map((s) => s.minuteOfDay)).toEqual([540, 600, 660, 780, 840, 900]);
  });

  it('converts across the end of daylight saving time in Los Angeles (2026-11-01)', () => {
    // Saturday: PDT, UTC-7.
    expect(slotUtc('2026-10-31', '9:00 AM', 'America/Los_Angeles')).toBe('2026-10-31T16:00:00.000Z');
    // Sunday, the change happened at 2 AM: PST, UTC-8.
    expect(slotUtc('2026-11-01', '9:00 AM', 'America/Los_Angeles')).toBe('2026-11-01T17:00:00.000Z');
    expect(slotUtc('2026-11-01', '3:00 PM', 'America/Los_Angeles')).toBe('2026-11-01T23:00:00.000Z');
    expect(slotUtc('2026-11-02', '10:00 AM', 'America/Los_Angeles')).toBe('2026-11-02T18:00:00.000Z');
  });

  it('handles the hours around the change itself', () => {
    // 1:30 AM happens twice on 2026-11-01: the first (PDT) is taken.
    expect(zonedTimeToUtc('2026-11-01', 90, 'America/Los_Angeles').toISOString()).toBe('2026-11-01T08:30:00.000Z');
    // 2:30 AM does not exist on 2026-03-08 (spring forward): it moves to 3:30 AM PDT.
    expect(zonedTimeToUtc('2026-03-08', 150, 'America/Los_Angeles').toISOString()).toBe('2026-03-08T10:30:00.000Z');
    expect(zonedTimeToUtc('2026-03-08', 0, 'America/Los_Angeles').toISOString()).toBe('2026-03-08T08:00:00.000Z');
  });

  it('converts in Asia/Kolkata, which has no daylight saving (UTC+5:30) on the same dates', () => {
    expect(slotUtc('2026-10-31', '9:00 AM', 'Asia/Kolkata')).toBe('2026-10-31T03:30:00.000Z');
    expect(slotUtc('2026-11-01', '9:00 AM', 'Asia/Kolkata')).toBe('2026-11-01T03:30:00.000Z');
    expect(slotUtc('2026-11-01', '3:00 PM', 'Asia/Kolkata')).toBe('2026-11-01T09:30:00.000Z');
    expect(zoneOffsetMinutes(new Date('2026-11-01T12:00:00Z'), 'Asia/Kolkata')).toBe(330);
  });

  it('reads offsets and local dates at an instant', () => {
    expect(zoneOffsetMinutes(new Date('2026-10-31T12:00:00Z'), 'America/Los_Angeles')).toBe(-420);
    expect(zoneOffsetMinutes(new Date('2026-11-02T12:00:00Z'), 'America/Los_Angeles')).toBe(-480);
    // 05:00 UTC on Nov 2 is still Nov 1 in Los Angeles and already 10:30 on Nov 2 in Kolkata.
    expect(dateInZone(new Date('2026-11-02T05:00:00Z'), 'America/Los_Angeles')).toBe('2026-11-01');
    expect(dateInZone(new Date('2026-11-02T05:00:00Z'), 'Asia/Kolkata')).toBe('2026-11-02');
    expect(dateInZone(new Date('2026-11-01T20:00:00Z'), 'Asia/Kolkata')).toBe('2026-11-02');
  });

  it('knows calendar dates and their weekdays', () => {
    expect(isCalendarDate('2026-11-01')).toBe(true);
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('2026-1-01')).toBe(false);
    expect(weekdayOf('2026-11-01')).toBe(0);
    expect(weekdayOf('2026-11-07')).toBe(6);
  });
});

describe('startText', () => {
  it("words a booking's start on the zone's wall clock, the weekday short or long", () => {
    const startsAt = new Date('2026-11-24T18:00:00Z');
    expect(startText(startsAt, 'America/Los_Angeles', 'short')).toBe('Tue, Nov 24, 10:00 AM');
    expect(startText(startsAt, 'America/Los_Angeles', 'long')).toBe('Tuesday, Nov 24, 10:00 AM');
    expect(startText(startsAt, 'Asia/Kolkata', 'short')).toBe('Tue, Nov 24, 11:30 PM');
  });
});
