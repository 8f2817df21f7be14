/** Cents to dollars as a number, for API fields that the spec names in dollars (price, total). */
export const centsToDollars = (cents: number): number => cents / 100;

/** Dollars (an API field, a URL parameter) to whole cents, rounded: 78.72 -> 7872, 0.1 + 0.2 -> 30. */
export const dollarsToCents = (dollars: number): number => Math.round(dollars * 100);

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** $12.34: the one way Glossly shows money. */
export const formatUsd = (cents: number): string => usd.format(cents / 100);
