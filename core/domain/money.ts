/** Cents to dollars as a number, for API fields that the spec names in dollars (price, total). */
export const centsToDollars = (cents: number): number => cents / 100;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** $12.34: the one way Glossly shows money. */
export const formatUsd = (cents: number): string => usd.format(cents / 100);
