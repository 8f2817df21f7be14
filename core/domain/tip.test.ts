import { describe, expect, it } from 'vitest';
import { maxTipCents, minTipCents, tipForPercent, tipSuggestions } from './tip.ts';

describe('tip suggestions', () => {
  it('offers 15, 20 and 25 % of a $59.00 service', () => {
    expect(tipSuggestions(5900)).toEqual([
      { percent: 15, amountCents: 885 },
      { percent: 20, amountCents: 1180 },
      { percent: 25, amountCents: 1475 },
    ]);
  });

  it('rounds half a cent up and anything less down', () => {
    expect(tipForPercent(1011, 15)).toBe(152); // 151.65
    expect(tipForPercent(1010, 15)).toBe(152); // 151.5, half up
    expect(tipForPercent(1003, 15)).toBe(150); // 150.45
  });

  it('keeps every suggestion inside the tip bounds', () => {
    expect(tipForPercent(100, 15)).toBe(minTipCents);
    expect(tipForPercent(10_000_000, 25)).toBe(maxTipCents);
  });

  it('refuses a price that is not whole cents', () => {
    expect(() => tipSuggestions(10.5)).toThrow(RangeError);
  });
});
