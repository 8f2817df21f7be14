/** Cents to dollars as a number, for API fields that the spec names in dollars (price, total). */
export const centsToDollars = (cents: number): number => cents / 100;

/** Dollars (an API field, a URL parameter) to whole cents, rounded: 78.72 -> 7872, 0.1 + 0.2 -> 30. */
export const dollarsToCents = (dollars: number): number => Math.round(dollars * 100);

/**
 * Integer division rounding half up, for a non-negative numerator: the one rounding of money in Glossly (tax on
 * $0.0625 is $0.07, a 15 % tip on $78.72 is $11.81), in whole cents, never through a float.
 */
export function divideRoundingHalfUp(numerator: number, denominator: number): number {
  return Math.floor((numerator * 2 + denominator) / (denominator * 2));
}

/** What can still be refunded of a booking's payment: what was captured less what was refunded, never below zero. */
export const refundableCents = (money: { capturedCents: number; refundedCents: number }): number =>
  Math.max(0, money.capturedCents - money.refundedCents);

/**
 * $1,234.56: the one way Glossly shows money, as `Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })`
 * writes it. Written out here because a phone's first currency formatter loads the locale's data: 80 to 170 ms of
 * the main thread at 4x CPU, measured in Chromium, on every page that shows a price (decision 024).
 */
export function formatUsd(cents: number): string {
  const whole = Math.round(Math.abs(cents));
  const dollars = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${cents < 0 && whole > 0 ? '-' : ''}$${dollars}.${String(whole % 100).padStart(2, '0')}`;
}
