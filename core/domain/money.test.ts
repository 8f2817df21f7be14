import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatUsd } from './money.ts';

describe('money', () => {
  it('turns dollars into whole cents, rounding away binary fractions', () => {
    expect(dollarsToCents(78.72)).toBe(7872);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(1.005)).toBe(100);
    expect(dollarsToCents(0)).toBe(0);
  });

  it('turns cents back into dollars and shows them as USD', () => {
    expect(centsToDollars(7872)).toBe(78.72);
    expect(dollarsToCents(centsToDollars(1999))).toBe(1999);
    expect(formatUsd(7872)).toBe('$78.72');
  });

  it('writes USD exactly as the en-US currency format does, for whole cents of every size and sign', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const amounts = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 7872, 99_999, 100_000, 123_456, 1_000_000, 123_456_789, 100_000_000_000];
    for (const cents of [...amounts, ...amounts.map((amount) => -amount).filter((amount) => amount !== 0)]) {
      expect(formatUsd(cents), String(cents)).toBe(usd.format(cents / 100));
    }
    expect(formatUsd(-2500)).toBe('-$25.00');
    expect(formatUsd(1_234_567)).toBe('$12,345.67');
  });
});
