import { describe, expect, it } from 'vitest';
import { acceptanceRatePercent, requestAnswerDeadline, timeLeftText } from './detailer-dashboard.ts';

describe('requestAnswerDeadline', () => {
  it('is 12 hours after the booking was made', () => {
    const createdAt = new Date('2026-11-23T16:00:00Z');
    expect(requestAnswerDeadline({ createdAt, startsAt: new Date('2026-11-30T17:00:00Z') }).toISOString()).toBe('2026-11-24T04:00:00.000Z');
  });

  it('is the start when the start comes first', () => {
    const startsAt = new Date('2026-11-23T20:00:00Z');
    expect(requestAnswerDeadline({ createdAt: new Date('2026-11-23T16:00:00Z'), startsAt })).toEqual(startsAt);
  });
});

describe('timeLeftText', () => {
  const now = new Date('2026-11-23T16:00:00Z');
  const after = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

  it('words hours and minutes, rounding up', () => {
    expect(timeLeftText(after(200), now)).toBe('3 h 20 min');
    expect(timeLeftText(after(120), now)).toBe('2 h');
    expect(timeLeftText(after(44.2), now)).toBe('45 min');
  });

  it('never goes below zero', () => {
    expect(timeLeftText(after(-5), now)).toBe('less than a minute');
  });
});

describe('acceptanceRatePercent', () => {
  it('is null with nothing answered', () => {
    expect(acceptanceRatePercent({ accepted: 0, declined: 0, expired: 0 })).toBeNull();
  });

  it('counts declines and expiries against the rate, rounding half up', () => {
    expect(acceptanceRatePercent({ accepted: 3, declined: 1, expired: 0 })).toBe(75);
    expect(acceptanceRatePercent({ accepted: 1, declined: 1, expired: 1 })).toBe(33);
    expect(acceptanceRatePercent({ accepted: 2, declined: 0, expired: 1 })).toBe(67);
    expect(acceptanceRatePercent({ accepted: 1, declined: 7, expired: 0 })).toBe(13);
  });
});
