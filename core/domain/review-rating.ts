/**
 * A detailer's shown rating (decision 020): the seeded history weighted by its count, plus Glossly's own published,
 * visible customer reviews, rounded half up to one decimal. Worked in tenths so 4.85 is not lost to floating point.
 */
export function detailerRating(
  history: { rating: number; reviewCount: number },
  published: { ratingSum: number; count: number },
): { rating: number; reviewCount: number } {
  const reviewCount = history.reviewCount + published.count;
  if (reviewCount === 0) return { rating: 0, reviewCount: 0 };
  const totalTenths = Math.round(history.rating * 10) * history.reviewCount + published.ratingSum * 10;
  // Half up in whole numbers: floor((2 x total + count) / (2 x count)) is round(total / count) without fractions.
  const tenths = Math.floor((2 * totalTenths + reviewCount) / (2 * reviewCount));
  return { rating: tenths / 10, reviewCount };
}

/** How a customer signs a public review: first name and last initial ('Casey Morgan' reads 'Casey M.'). */
export function reviewerDisplayName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'A customer';
  const first = words[0]!;
  if (words.length === 1) return first;
  return `${first} ${words[words.length - 1]!.charAt(0).toUpperCase()}.`;
}
