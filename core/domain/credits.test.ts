import { describe, expect, it } from 'vitest';
import { amountAfterCreditsCents, applicableCreditsCents, gatewayMinimumChargeCents } from './credits.ts';

describe('applicableCreditsCents', () => {
  it('applies every credit when the total is large enough', () => {
    expect(applicableCreditsCents(1000, 7872)).toBe(1000);
  });

  it('leaves the gateway minimum charge on the card', () => {
    expect(applicableCreditsCents(10_000, 7872)).toBe(7872 - gatewayMinimumChargeCents);
    expect(7872 - applicableCreditsCents(10_000, 7872)).toBe(50);
  });

  it('is never negative', () => {
    expect(applicableCreditsCents(500, 30)).toBe(0);
    expect(applicableCreditsCents(-20, 7872)).toBe(0);
    expect(applicableCreditsCents(0, 7872)).toBe(0);
  });

  it('honours a smaller request and ignores a larger one', () => {
    expect(applicableCreditsCents(1000, 7872, 300)).toBe(300);
    expect(applicableCreditsCents(1000, 7872, 5000)).toBe(1000);
    expect(applicableCreditsCents(1000, 7872, 0)).toBe(0);
  });

  it('takes a different minimum (the spec display floor of one cent)', () => {
    expect(applicableCreditsCents(10_000, 7872, undefined, 1)).toBe(7871);
  });

  it('rejects non-finite input', () => {
    expect(() => applicableCreditsCents(Number.NaN, 100)).toThrow(RangeError);
  });
});

describe('amountAfterCreditsCents', () => {
  it('subtracts credits', () => {
    expect(amountAfterCreditsCents(7872, 1000)).toBe(6872);
  });
  it('is floored at $0.01', () => {
    expect(amountAfterCreditsCents(7872, 9000)).toBe(1);
  });
});
