import { describe, expect, it } from 'vitest';
import { bookingPrice, cancellationFeeCents, taxCentsFor } from './pricing.ts';

describe('bookingPrice', () => {
  it.each([
    ['Basic Exterior Wash', 5900, 472, 7872],
    ['Full Interior Detail', 12900, 1032, 15432],
    ['Complete Detail Package', 19900, 1592, 22992],
    ['Ceramic Coating', 39900, 3192, 44592],
  ])('%s: tax and total', (_name, priceCents, taxCents, totalCents) => {
    expect(bookingPrice(priceCents)).toEqual({
      priceCents,
      vehicleSurchargeCents: 0,
      discountCents: 0,
      serviceFeeCents: 1500,
      taxCents,
      totalCents,
    });
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
  it("no surcharge keeps the spec's totals: $59 -> $78.72", () => {
    expect(bookingPrice(5900, 0)).toEqual(bookingPrice(5900));
    expect(bookingPrice(5900).totalCents).toBe(7872);
  });

  it('a $20 SUV surcharge on $59: tax 8% of $79 ($6.32), fee still $15, total $100.32', () => {
    expect(bookingPrice(5900, 2000)).toEqual({
      priceCents: 5900,
      vehicleSurchargeCents: 2000,
      discountCents: 0,
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
  const booking = { startsAt, freeCancellationHours: 24, lateCancellationFeeCents: 1500 };
  const hoursBefore = (hours: number) => new Date(startsAt.getTime() - hours * 3_600_000);

  it('is free until 24 hours before the start', () => {
    expect(cancellationFeeCents(booking, hoursBefore(48))).toBe(0);
    expect(cancellationFeeCents(booking, new Date(hoursBefore(24).getTime() - 1))).toBe(0);
  });

  it('is the late fee from 24 hours before the start, and after it', () => {
    expect(cancellationFeeCents(booking, hoursBefore(24))).toBe(1500);
    expect(cancellationFeeCents(booking, hoursBefore(1))).toBe(1500);
    expect(cancellationFeeCents(booking, hoursBefore(-2))).toBe(1500);
    expect(cancellationFeeCents({ ...booking, lateCancellationFeeCents: 2000 }, hoursBefore(3))).toBe(2000);
  });

  it('keeps the window the booking was made with', () => {
    const twoDays = { ...booking, freeCancellationHours: 48 };
    expect(cancellationFeeCents(twoDays, hoursBefore(47))).toBe(1500);
    expect(cancellationFeeCents(twoDays, hoursBefore(49))).toBe(0);
  });
});

describe('bookingPrice with a discount and settings', () => {
  it('taxes what is left after a 20 % code: $59 - $11.80 = $47.20, tax $3.78, total $65.98', () => {
    const price = bookingPrice(5900, 0, { discountCents: 1180 });
    expect(price).toEqual({
      priceCents: 5900,
      vehicleSurchargeCents: 0,
      discountCents: 1180,
      serviceFeeCents: 1500,
      taxCents: 378,
      totalCents: 6598,
    });
  });

  it('caps the discount at price and surcharge; a covered visit with the fee waived costs nothing', () => {
    expect(bookingPrice(5900, 1000, { discountCents: 99_999 }).discountCents).toBe(6900);
    expect(bookingPrice(5900, 1000, { discountCents: 6900, waiveServiceFee: true }).totalCents).toBe(0);
  });

  it('takes the fee and the tax rate from the settings', () => {
    const price = bookingPrice(10_000, 0, {}, { serviceFeeCents: 999, taxRateBasisPoints: 1025 });
    expect(price.serviceFeeCents).toBe(999);
    expect(price.taxCents).toBe(1025);
    expect(price.totalCents).toBe(10_000 + 999 + 1025);
  });

  it('refuses a discount or a setting that is not whole cents', () => {
    expect(() => bookingPrice(5900, 0, { discountCents: -1 })).toThrow(RangeError);
    expect(() => bookingPrice(5900, 0, {}, { serviceFeeCents: 1.5, taxRateBasisPoints: 800 })).toThrow(RangeError);
  });
});
