import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@core/schemas/notification.ts';
import { notificationKeys } from '../api/notification-keys.ts';

export const notificationStreamUrl = '/api/notifications/stream';

/**
 * Keeps the list and the unread badge live from the server's event stream. EventSource reconnects by
 * itself; after a reconnect the list and count are fetched again so nothing raised meanwhile is missed.
 */
export function useNotificationStream(isSignedIn: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isSignedIn || typeof EventSource === 'undefined') return;
    const source = new EventSource(notificationStreamUrl, { withCredentials: true });
    let hasOpened = false;
    source.addEventListener('open', () => {
      if (hasOpened) void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      hasOpened = true;
    });
    source.addEventListener('notification', (event) => {
      const notification = JSON.parse((event as MessageEvent<string>).data) as Notification;
      let isNew = true;
      queryClient.setQueryData<Notification[]>(notificationKeys.list(), (list) => {
        if (!list) return list;
        if (list.some((n) => n.id === notification.id)) {
          isNew = false;
          return list;
        }
        return [notification, ...list];
      });
      if (isNew && !notification.isRead) {
        queryClient.setQueryData<number>(notificationKeys.unreadCount(), (count) => (count ?? 0) + 1);
      }
    });
    return () => source.close();
  }, [isSignedIn, queryClient]);
}
