import { freeCancellationHours } from './booking-status.ts';

/** Flat service fee on every booking. */
export const serviceFeeCents = 1500;
/** Sales tax, in basis points of the service price plus its vehicle surcharge (8%). */
export const taxRateBasisPoints = 800;

export type BookingPrice = {
  priceCents: number;
  /** The service's surcharge for the booked vehicle type (decision 020); 0 when it has none. */
  vehicleSurchargeCents: number;
  serviceFeeCents: number;
  taxCents: number;
  totalCents: number;
};

/** Integer division rounding half up: tax on $0.0625 rounds to $0.07, never to a float. */
function divideRoundingHalfUp(numerator: number, denominator: number): number {
  return Math.floor((numerator * 2 + denominator) / (denominator * 2));
}

export function taxCentsFor(priceCents: number): number {
  return divideRoundingHalfUp(priceCents * taxRateBasisPoints, 10_000);
}

/**
 * Everything a customer pays for one service: price + the vehicle type's surcharge + $15.00 fee + 8% tax of price and
 * surcharge (the surcharge is part of what the detailer charges for the job; the fee is ours and stays flat).
 */
export function bookingPrice(priceCents: number, vehicleSurchargeCents = 0): BookingPrice {
  if (!Number.isInteger(priceCents) || priceCents <= 0) {
    throw new RangeError(`priceCents must be a positive integer, got ${priceCents}`);
  }
  if (!Number.isInteger(vehicleSurchargeCents) || vehicleSurchargeCents < 0) {
    throw new RangeError(`vehicleSurchargeCents must be a whole number of cents, 0 or more, got ${vehicleSurchargeCents}`);
  }
  const taxCents = taxCentsFor(priceCents + vehicleSurchargeCents);
  return {
    priceCents,
    vehicleSurchargeCents,
    serviceFeeCents,
    taxCents,
    totalCents: priceCents + vehicleSurchargeCents + serviceFeeCents + taxCents,
  };
}

/**
 * The fee for cancelling a booking that starts at `startsAt`: free until freeCancellationHours before the start,
 * the booking's service fee from then on (also once the start has passed). Whether the booking may still be
 * cancelled at all is the transition graph's question, not this one's.
 */
export function cancellationFeeCents(booking: { startsAt: Date; serviceFeeCents: number }, now: Date): number {
  const freeUntil = booking.startsAt.getTime() - freeCancellationHours * 3_600_000;
  return now.getTime() < freeUntil ? 0 : booking.serviceFeeCents;
}
