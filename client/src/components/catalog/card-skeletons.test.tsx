// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DetailerListSkeleton } from './card-skeletons.tsx';

afterEach(cleanup);

describe('DetailerListSkeleton', () => {
  it('is one status named for the detailers, holding as many hidden card outlines as asked', () => {
    render(<DetailerListSkeleton count={4} />);
    const status = screen.getByRole('status', { name: 'Loading detailers' });
    expect(status.children).toHaveLength(4);
    for (const card of status.children) expect(card.getAttribute('aria-hidden')).toBe('true');
  });
});
