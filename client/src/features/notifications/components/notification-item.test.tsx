// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@core/schemas/notification.ts';
import { NotificationItem } from './notification-item.tsx';

afterEach(cleanup);

const base: Notification = {
  id: 5,
  userId: 1,
  type: 'booking_update',
  title: 'Booking accepted',
  message: 'Shine Co accepted your wash.',
  isRead: false,
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  entityId: '42',
};

function renderItem(notification: Notification) {
  const onMarkRead = vi.fn();
  const onNavigate = vi.fn();
  render(
    <ul>
      <NotificationItem notification={notification} onMarkRead={onMarkRead} onNavigate={onNavigate} />
    </ul>,
  );
  return { onMarkRead, onNavigate };
}

describe('NotificationItem', () => {
  it('shows title, message and age, links by type, and clicking an unread item marks it read', async () => {
    const { onMarkRead, onNavigate } = renderItem(base);
    const link = screen.getByRole('link', { name: /Booking accepted/ });
    expect(link.getAttribute('href')).toBe('/bookings/42');
    expect(screen.getByText('Shine Co accepted your wash.')).toBeTruthy();
    expect(screen.getByText('5 minutes ago')).toBeTruthy();
    await userEvent.click(link);
    expect(onMarkRead).toHaveBeenCalledWith(5);
    expect(onNavigate).toHaveBeenCalled();
  });

  it("has a 'Mark as read' button while unread", async () => {
    const { onMarkRead } = renderItem(base);
    await userEvent.click(screen.getByRole('button', { name: 'Mark as read' }));
    expect(onMarkRead).toHaveBeenCalledWith(5);
  });

  it('has no link when entityId is empty, and no button once read', () => {
    renderItem({ ...base, entityId: '', isRead: true });
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark as read' })).toBeNull();
  });
});
