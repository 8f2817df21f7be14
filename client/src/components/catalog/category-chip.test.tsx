// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CategoryChip } from './category-chip.tsx';

afterEach(cleanup);

describe('CategoryChip', () => {
  it('announces its active state with aria-pressed and reports clicks', () => {
    const onClick = vi.fn();
    render(
      <>
        <CategoryChip isActive onClick={onClick}>
          All Services
        </CategoryChip>
        <CategoryChip isActive={false}>Interior</CategoryChip>
      </>,
    );
    expect(screen.getByRole('button', { name: 'All Services', pressed: true })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Interior', pressed: false })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'All Services' }));
    expect(onClick).toHaveBeenCalledOnce();
  });
});
