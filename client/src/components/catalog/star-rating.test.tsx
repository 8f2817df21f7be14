// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ratingStars, StarRating } from './star-rating.tsx';

afterEach(cleanup);

function starsShown(container: HTMLElement) {
  const kinds = [...container.querySelectorAll('[data-star]')].map((star) => star.getAttribute('data-star'));
  return {
    full: kinds.filter((k) => k === 'full').length,
    half: kinds.filter((k) => k === 'half').length,
    total: kinds.length,
  };
}

describe('StarRating', () => {
  it.each([
    [4.4, 4, 0, '4.4'],
    [4.5, 4, 1, '4.5'],
    [4.49, 4, 1, '4.5'],
    [4.96, 5, 0, '5.0'],
    [3, 3, 0, '3.0'],
    [0, 0, 0, '0.0'],
    [5, 5, 0, '5.0'],
  ])('%s shows %i full and %i half stars with the value %s', (value, full, half, text) => {
    const { container } = render(<StarRating value={value} count={12} />);
    expect(starsShown(container)).toEqual({ full, half, total: 5 });
    expect(screen.getByText(`${text} (12)`)).toBeTruthy();
    expect(screen.getByRole('img', { name: `Rated ${text} out of 5` })).toBeTruthy();
  });

  it('keeps out-of-range ratings inside 0..5', () => {
    expect(ratingStars(7)).toEqual({ full: 5, half: false });
    expect(ratingStars(-1)).toEqual({ full: 0, half: false });
  });

  it('announces the review count in words and omits the brackets without a count', () => {
    render(<StarRating value={4.7} count={132} />);
    expect(screen.getByText('132 reviews')).toBeTruthy();
    cleanup();
    render(<StarRating value={4.7} />);
    expect(screen.getByText('4.7')).toBeTruthy();
    expect(screen.queryByText(/reviews/)).toBeNull();
  });
});
