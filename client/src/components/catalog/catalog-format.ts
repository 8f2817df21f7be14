import { dollarsToCents, formatUsd } from '@core/domain/money.ts';

/** Spec section 9: a card shows 3.2 miles when the distance is unknown. */
export const defaultDistanceMiles = 3.2;

export const defaultDetailerImageUrl = '/images/detailers/default.svg';

/** '1.2 miles away', one decimal always. */
export function distanceLabel(miles: number | null | undefined): string {
  return `${(miles ?? defaultDistanceMiles).toFixed(1)} miles away`;
}

/** Dollars from the API to the one money format: 59 -> '$59.00'. */
export function formatDollars(dollars: number): string {
  return formatUsd(dollarsToCents(dollars));
}

/** A detailer's or service's starting price, 'From $59.00'; null when nothing is priced. */
export function fromPrice(dollars: number | null | undefined): string | null {
  return dollars === null || dollars === undefined ? null : `From ${formatDollars(dollars)}`;
}

/** Case-insensitive name match for the home search box; an empty query matches everything. */
export function matchesSearch(name: string, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  return needle === '' || name.toLocaleLowerCase().includes(needle);
}

/** Nearest first; detailers without a known distance last; ties keep the server's order. */
export function nearestFirst<T extends { distanceMiles: number | null }>(detailers: readonly T[]): T[] {
  return detailers
    .map((detailer, index) => ({ detailer, index }))
    .sort((a, b) => (a.detailer.distanceMiles ?? Infinity) - (b.detailer.distanceMiles ?? Infinity) || a.index - b.index)
    .map(({ detailer }) => detailer);
}
