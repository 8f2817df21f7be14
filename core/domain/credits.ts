/**
 * Referral credits at checkout (PRODUCT.md "Payments"): applied = min(available, total - the gateway's minimum
 * charge), never negative. Card networks refuse charges under 50 cents, so that is what the card is left with.
 */

/** The smallest amount a card network will authorize (Stripe's USD minimum). */
export const gatewayMinimumChargeCents = 50;
/** The spec's floor for a displayed amount after credits ($0.01). */
export const minimumPayableCents = 1;

function wholeCents(value: number, name: string): number {
  if (!Number.isFinite(value)) throw new RangeError(`${name} must be a finite number of cents, got ${value}`);
  return Math.max(0, Math.floor(value));
}

/**
 * Credits that can go towards a total of `totalCents`: the smaller of what the user has (and asked for, when
 * `requestedCents` is given) and what leaves the card with the minimum charge.
 */
export function applicableCreditsCents(
  availableCents: number,
  totalCents: number,
  requestedCents?: number,
  minimumChargeCents: number = gatewayMinimumChargeCents,
): number {
  const available = wholeCents(availableCents, 'availableCents');
  const total = wholeCents(totalCents, 'totalCents');
  const room = Math.max(0, total - minimumChargeCents);
  const wanted = requestedCents === undefined ? available : Math.min(available, wholeCents(requestedCents, 'requestedCents'));
  return Math.min(wanted, room);
}

/** What the card pays once credits are applied: never below the spec's $0.01 floor. */
export function amountAfterCreditsCents(totalCents: number, creditsCents: number): number {
  return Math.max(minimumPayableCents, wholeCents(totalCents, 'totalCents') - wholeCents(creditsCents, 'creditsCents'));
}
