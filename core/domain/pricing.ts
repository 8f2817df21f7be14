import { divideRoundingHalfUp } from './money.ts';
import { defaultPlatformSettings } from './platform-settings.ts';

/**
 * What a booking costs (decision 022): the platform's settings are an input, never a constant read here. The
 * defaults are the spec's numbers ($15.00 fee, 8 % tax, free cancellation until 24 hours before); the server reads
 * the live ones from platform_settings and each booking keeps the numbers it was priced with.
 */
export type PricingSettings = {
  serviceFeeCents: number;
  /** Sales tax on the price and surcharge after any discount, in basis points (800 = 8 %). */
  taxRateBasisPoints: number;
};

export const defaultPricingSettings: PricingSettings = {
  serviceFeeCents: defaultPlatformSettings.serviceFeeCents,
  taxRateBasisPoints: defaultPlatformSettings.taxRateBasisPoints,
};

/** The spec's defaults, for callers that show them before the settings arrive. */
export const serviceFeeCents = defaultPricingSettings.serviceFeeCents;
export const taxRateBasisPoints = defaultPricingSettings.taxRateBasisPoints;

export type BookingPrice = {
  priceCents: number;
  /** The service's surcharge for the booked vehicle type (decision 020); 0 when it has none. */
  vehicleSurchargeCents: number;
  /** Off the price and surcharge: a promo code, a member's discount, or all of it for a visit a plan covers. */
  discountCents: number;
  serviceFeeCents: number;
  taxCents: number;
  totalCents: number;
};

export type PriceAdjustments = {
  /** Taken off price + surcharge, capped at that sum; whole cents, 0 or more. */
  discountCents?: number;
  /** A visit a membership covers pays no service fee (decision 022). */
  waiveServiceFee?: boolean;
};

export function taxCentsFor(amountCents: number, rateBasisPoints: number = defaultPricingSettings.taxRateBasisPoints): number {
  return divideRoundingHalfUp(amountCents * rateBasisPoints, 10_000);
}

function wholeCents(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number of cents, 0 or more, got ${value}`);
  return value;
}

/**
 * Everything a customer pays for one service: price + the vehicle type's surcharge - any discount + the service
 * fee + tax on what is left of price and surcharge (the surcharge is part of what the detailer charges; the fee is
 * ours and is not taxed).
 */
export function bookingPrice(
  priceCents: number,
  vehicleSurchargeCents = 0,
  adjustments: PriceAdjustments = {},
  settings: PricingSettings = defaultPricingSettings,
): BookingPrice {
  if (!Number.isInteger(priceCents) || priceCents <= 0) {
    throw new RangeError(`priceCents must be a positive integer, got ${priceCents}`);
  }
  wholeCents(vehicleSurchargeCents, 'vehicleSurchargeCents');
  const discountCents = Math.min(wholeCents(adjustments.discountCents ?? 0, 'discountCents'), priceCents + vehicleSurchargeCents);
  const fee = adjustments.waiveServiceFee ? 0 : wholeCents(settings.serviceFeeCents, 'serviceFeeCents');
  const taxCents = taxCentsFor(
    priceCents + vehicleSurchargeCents - discountCents,
    wholeCents(settings.taxRateBasisPoints, 'taxRateBasisPoints'),
  );
  return {
    priceCents,
    vehicleSurchargeCents,
    discountCents,
    serviceFeeCents: fee,
    taxCents,
    totalCents: priceCents + vehicleSurchargeCents - discountCents + fee + taxCents,
  };
}

/** What the booking keeps of the cancellation rules it was made under (bookings' columns of the same names). */
export type CancellationTerms = { startsAt: Date; freeCancellationHours: number; lateCancellationFeeCents: number };

/**
 * The fee for cancelling a booking: free until its freeCancellationHours before the start, its late fee from then
 * on (also once the start has passed). Whether the booking may still be cancelled at all is the transition graph's
 * question, not this one's.
 */
export function cancellationFeeCents(booking: CancellationTerms, now: Date): number {
  const freeUntil = booking.startsAt.getTime() - booking.freeCancellationHours * 3_600_000;
  return now.getTime() < freeUntil ? 0 : booking.lateCancellationFeeCents;
}
