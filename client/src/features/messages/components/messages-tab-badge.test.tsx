// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MessagesTabBadge } from './messages-tab-badge.tsx';

afterEach(cleanup);

describe('MessagesTabBadge', () => {
  it("shows '99+' above 99 and says the whole count to a screen reader", () => {
    render(<MessagesTabBadge count={150} />);
    expect(screen.getByTestId('messages-unread-badge').textContent).toBe('99+');
    expect(screen.getByText('150 unread messages')).toBeTruthy();
  });

  it('says one message in the singular, and shows nothing at zero', () => {
    const { rerender } = render(<MessagesTabBadge count={1} />);
    expect(screen.getByTestId('messages-unread-badge').textContent).toBe('1');
    expect(screen.getByText('1 unread message')).toBeTruthy();
    rerender(<MessagesTabBadge count={0} />);
    expect(screen.queryByTestId('messages-unread-badge')).toBeNull();
  });
});
