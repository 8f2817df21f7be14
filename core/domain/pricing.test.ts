import { describe, expect, it } from 'vitest';
import { bookingPrice, cancellationFeeCents, taxCentsFor } from './pricing.ts';

describe('bookingPrice', () => {
  it.each([
    ['Basic Exterior Wash', 5900, 472, 7872],
    ['Full Interior Detail', 12900, 1032, 15432],
    ['Complete Detail Package', 19900, 1592, 22992],
    ['Ceramic Coating', 39900, 3192, 44592],
  ])('%s: tax and total', (_name, priceCents, taxCents, totalCents) => {
    expect(bookingPrice(priceCents)).toEqual({ priceCents, serviceFeeCents: 1500, taxCents, totalCents });
  });

  it('rounds tax half up to the cent', () => {
    expect(taxCentsFor(1)).toBe(0); // 0.08 cent
    expect(taxCentsFor(6)).toBe(0); // 0.48 cent
    expect(taxCentsFor(7)).toBe(1); // 0.56 cent
    expect(taxCentsFor(1250)).toBe(100);
    expect(taxCentsFor(1256)).toBe(100); // 100.48
    expect(taxCentsFor(1257)).toBe(101); // 100.56
  });

  it('refuses a price that is not a positive whole number of cents', () => {
    expect(() => bookingPrice(0)).toThrow(RangeError);
    expect(() => bookingPrice(59.5)).toThrow(RangeError);
  });
});

describe('cancellationFeeCents', () => {
  const startsAt = new Date('2026-12-01T17:00:00Z');
  const booking = { startsAt, serviceFeeCents: 1500 };
  const hoursBefore = (hours: number) => new Date(startsAt.getTime() - hours * 3_600_000);

  it('is free until 24 hours before the start', () => {
    expect(cancellationFeeCents(booking, hoursBefore(48))).toBe(0);
    expect(cancellationFeeCents(booking, new Date(hoursBefore(24).getTime() - 1))).toBe(0);
  });

  it('is the service fee from 24 hours before the start, and after it', () => {
    expect(cancellationFeeCents(booking, hoursBefore(24))).toBe(1500);
    expect(cancellationFeeCents(booking, hoursBefore(1))).toBe(1500);
    expect(cancellationFeeCents(booking, hoursBefore(-2))).toBe(1500);
    expect(cancellationFeeCents({ startsAt, serviceFeeCents: 2000 }, hoursBefore(3))).toBe(2000);
  });
});
