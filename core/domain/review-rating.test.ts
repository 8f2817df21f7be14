import { describe, expect, it } from 'vitest';
import { detailerRating, reviewerDisplayName } from './review-rating.ts';

describe('detailerRating', () => {
  it('weighs a new review against the seeded history: 4.9 x 214 plus a 1-star is still 4.9', () => {
    expect(detailerRating({ rating: 4.9, reviewCount: 214 }, { ratingSum: 1, count: 1 })).toEqual({ rating: 4.9, reviewCount: 215 });
  });

  it('is the history alone until reviews arrive', () => {
    expect(detailerRating({ rating: 4.7, reviewCount: 89 }, { ratingSum: 0, count: 0 })).toEqual({ rating: 4.7, reviewCount: 89 });
  });

  it('is the plain average without history, and 0 with nothing at all', () => {
    expect(detailerRating({ rating: 0, reviewCount: 0 }, { ratingSum: 9, count: 2 })).toEqual({ rating: 4.5, reviewCount: 2 });
    expect(detailerRating({ rating: 0, reviewCount: 0 }, { ratingSum: 0, count: 0 })).toEqual({ rating: 0, reviewCount: 0 });
  });

  it('rounds half up to one decimal', () => {
    // (4 + 5 + 5) / 3 = 4.666... -> 4.7; (4.8 x 3 + 5) / 4 = 4.85 -> 4.9 (not 4.8 from 4.8499999 in floating point).
    expect(detailerRating({ rating: 0, reviewCount: 0 }, { ratingSum: 14, count: 3 }).rating).toBe(4.7);
    expect(detailerRating({ rating: 4.8, reviewCount: 3 }, { ratingSum: 5, count: 1 }).rating).toBe(4.9);
    // (1 + 2) / 2 = 1.5 stays 1.5; (1 + 1 + 2) / 3 = 1.333 -> 1.3.
    expect(detailerRating({ rating: 0, reviewCount: 0 }, { ratingSum: 3, count: 2 }).rating).toBe(1.5);
    expect(detailerRating({ rating: 0, reviewCount: 0 }, { ratingSum: 4, count: 3 }).rating).toBe(1.3);
  });

  it('lets a few reviews move a small history', () => {
    expect(detailerRating({ rating: 4.5, reviewCount: 10 }, { ratingSum: 1, count: 1 })).toEqual({ rating: 4.2, reviewCount: 11 });
  });
});

describe('reviewerDisplayName', () => {
  it('shows the first name and the last initial only', () => {
    expect(reviewerDisplayName('Casey Morgan')).toBe('Casey M.');
    expect(reviewerDisplayName('  Ana  de la cruz ')).toBe('Ana C.');
    expect(reviewerDisplayName('Prince')).toBe('Prince');
    expect(reviewerDisplayName('   ')).toBe('A customer');
  });
});
