import { describe, expect, it } from 'vitest';
import { isBadgeCurrent, monthLabel, responseTimeText, typicalResponseHours } from './trust.ts';

const hours = (...values: number[]) => values.map((value) => value * 3_600_000);

describe('typicalResponseHours', () => {
  it('says nothing below three answered requests', () => {
    expect(typicalResponseHours([])).toBeNull();
    expect(typicalResponseHours(hours(1, 2))).toBeNull();
  });
  it('takes the median, rounded up to whole hours, at least one', () => {
    expect(typicalResponseHours(hours(5.5, 1, 2.5))).toBe(3);
    expect(typicalResponseHours(hours(1, 2, 3, 10))).toBe(3);
    expect(typicalResponseHours(hours(0.1, 0.2, 0.3))).toBe(1);
  });
});

describe('trust texts', () => {
  it('words the response time and the month', () => {
    expect(responseTimeText(1)).toBe('Usually responds within 1 hour');
    expect(responseTimeText(4)).toBe('Usually responds within 4 hours');
    expect(monthLabel('2025-03')).toBe('March 2025');
  });
  it('keeps a badge through its expiry day only', () => {
    expect(isBadgeCurrent('2026-12-31', '2026-12-31')).toBe(true);
    expect(isBadgeCurrent('2026-12-31', '2027-01-01')).toBe(false);
  });
});
