import { describe, expect, it } from 'vitest';
import { acceptanceRatePercent, timeLeftText } from './detailer-dashboard.ts';

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
