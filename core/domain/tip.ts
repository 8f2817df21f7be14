import { divideRoundingHalfUp } from './money.ts';

/** Tips (decision 020): the amounts offered, and the bounds every tip keeps. Integer cents throughout. */

/** The percentages the 'Add a tip' card offers, of the service's price (what the detailer's work cost). */
export const suggestedTipPercents = [15, 20, 25] as const;
export type SuggestedTipPercent = (typeof suggestedTipPercents)[number];

/** A tip is $1.00 to $1,000.00 (the tips table checks the same range). */
export const minTipCents = 100;
export const maxTipCents = 100_000;

export type TipSuggestion = { percent: SuggestedTipPercent; amountCents: number };

/** percent % of priceCents, rounded half up to the cent, kept inside the tip bounds. */
export function tipForPercent(priceCents: number, percent: number): number {
  if (!Number.isInteger(priceCents) || priceCents < 0)
    throw new RangeError(`priceCents must be a whole number of cents, got ${priceCents}`);
  const cents = divideRoundingHalfUp(priceCents * percent, 100);
  return Math.min(maxTipCents, Math.max(minTipCents, cents));
}

/** 15 %, 20 % and 25 % of the price (the service and the vehicle surcharge; not the fee or tax). */
export function tipSuggestions(priceCents: number): TipSuggestion[] {
  return suggestedTipPercents.map((percent) => ({ percent, amountCents: tipForPercent(priceCents, percent) }));
}

/** The 'Add a tip' card's choice that is not a suggested percent: an amount the customer types. */
export const customTipChoice = 'custom';
