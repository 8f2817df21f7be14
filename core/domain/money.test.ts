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
});
