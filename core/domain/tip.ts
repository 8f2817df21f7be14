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

/** A custom tip typed in dollars ("12", "12.5", "$12.50") as cents; null when it is not dollars and cents. */
export function parseTipDollars(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** What is wrong with a custom tip, or null when it can be paid. */
export function customTipProblem(cents: number | null): string | null {
  if (cents === null) return 'Enter an amount in dollars, such as 10.00.';
  if (cents < minTipCents) return 'A tip must be at least $1.00.';
  if (cents > maxTipCents) return 'A tip must be at most $1,000.00.';
  return null;
}
