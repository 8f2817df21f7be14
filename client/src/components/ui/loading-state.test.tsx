// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LoadingState } from './loading-state.tsx';
import { Skeleton } from './skeleton.tsx';

afterEach(cleanup);

describe('LoadingState', () => {
  it('says what is loading in one status line and hides the skeletons from assistive tech', () => {
    render(
      <LoadingState label="Loading the plans">
        <Skeleton className="h-32" />
      </LoadingState>,
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Loading the plans');
    expect(status.parentElement!.getAttribute('aria-busy')).toBeNull();
    expect(status.nextElementSibling!.getAttribute('aria-hidden')).toBe('true');
  });

  it('marks a whole page loading as busy', () => {
    render(
      <LoadingState label="Loading your membership" className="p-4" aria-busy>
        <Skeleton className="h-40" />
      </LoadingState>,
    );
    const page = screen.getByRole('status').parentElement!;
    expect(page.getAttribute('aria-busy')).toBe('true');
    expect(page.className).toBe('grid gap-3 p-4');
  });
});
