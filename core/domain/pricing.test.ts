import { describe, expect, it } from 'vitest';
import { bookingPrice, cancellationFeeCents, taxCentsFor } from './pricing.ts';

describe('bookingPrice', () => {
  it.each([
    ['Basic Exterior Wash', 5900, 472, 7872],
    ['Full Interior Detail', 12900, 1032, 15432],
    ['Complete Detail Package', 19900, 1592, 22992],
    ['Ceramic Coating', 39900, 3192, 44592],
  ])('%s: tax and total', (_name, priceCents, taxCents, totalCents) => {
    expect(bookingPrice(priceCents)).toEqual({ priceCents, vehicleSurchargeCents: 0, serviceFeeCents: 1500, taxCents, totalCents });
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

describe('bookingPrice with a vehicle surcharge', () => {
  it('no surcharge keeps the spec\'s totals: $59 -> $78.72', () => {
    expect(bookingPrice(5900, 0)).toEqual(bookingPrice(5900));
    expect(bookingPrice(5900).totalCents).toBe(7872);
  });

  it('a $20 SUV surcharge on $59: tax 8% of $79 ($6.32), fee still $15, total $100.32', () => {
    expect(bookingPrice(5900, 2000)).toEqual({
      priceCents: 5900,
      vehicleSurchargeCents: 2000,
      serviceFeeCents: 1500,
      taxCents: 632,
      totalCents: 10032,
    });
  });

  it('taxes price and surcharge together, rounded half up once', () => {
    // 8% of $0.06 + $0.01 = 0.56 cent -> 1 cent (taxed apart: 0 + 0 cents).
    expect(bookingPrice(6, 1).taxCents).toBe(1);
    // 8% of $12.50 + $0.06 = 100.48 cents -> 100; + $0.07 = 100.56 -> 101.
    expect(bookingPrice(1250, 6).taxCents).toBe(100);
    expect(bookingPrice(1250, 7).taxCents).toBe(101);
    const price = bookingPrice(12900, 1555);
    expect(price.totalCents).toBe(price.priceCents + price.vehicleSurchargeCents + price.serviceFeeCents + price.taxCents);
    expect(price.taxCents).toBe(1156); // 8% of $144.55 = 1156.4 cents
  });

  it('refuses a surcharge that is not a whole number of cents, 0 or more', () => {
    expect(() => bookingPrice(5900, -1)).toThrow(RangeError);
    expect(() => bookingPrice(5900, 20.5)).toThrow(RangeError);
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
