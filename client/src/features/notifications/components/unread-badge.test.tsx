// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { unreadBadgeText } from '@/components/ui/count-badge.tsx';
import { notificationBellName, UnreadBadge } from './unread-badge.tsx';

afterEach(cleanup);

describe('UnreadBadge', () => {
  it("renders '99+' for 100 unread", () => {
    render(<UnreadBadge count={100} />);
    expect(screen.getByTestId('unread-badge').textContent).toBe('99+');
  });

  it('renders 7 for 7 unread and nothing for 0', () => {
    const { rerender } = render(<UnreadBadge count={7} />);
    expect(screen.getByTestId('unread-badge').textContent).toBe('7');
    rerender(<UnreadBadge count={0} />);
    expect(screen.queryByTestId('unread-badge')).toBeNull();
  });

  it('names the bell with the count its badge shows, so the name holds the visible text', () => {
    expect(notificationBellName(0)).toBe('Notifications');
    expect(notificationBellName(7)).toBe('Notifications, 7 unread');
    expect(notificationBellName(100)).toBe('Notifications, 99+ unread');
    for (const count of [1, 42, 99, 100, 5000]) expect(notificationBellName(count)).toContain(unreadBadgeText(count));
  });
});
