// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CountBadge, unreadBadgeText } from './count-badge.tsx';

afterEach(cleanup);

describe('CountBadge', () => {
  it("shows the count up to 99 and '99+' above", () => {
    expect(unreadBadgeText(1)).toBe('1');
    expect(unreadBadgeText(99)).toBe('99');
    expect(unreadBadgeText(100)).toBe('99+');
    expect(unreadBadgeText(2500)).toBe('99+');
  });

  it('renders the capped count hidden from screen readers, and nothing at zero', () => {
    const { rerender } = render(<CountBadge data-testid="count" count={150} className="top-1" />);
    const badge = screen.getByTestId('count');
    expect(badge.textContent).toBe('99+');
    expect(badge.getAttribute('aria-hidden')).toBe('true');
    expect(badge.className).toContain('top-1');
    rerender(<CountBadge data-testid="count" count={0} />);
    expect(screen.queryByTestId('count')).toBeNull();
  });
});
