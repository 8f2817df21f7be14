import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@core/schemas/notification.ts';
import { invalidateLiveQueries } from '@/lib/live-queries.ts';
import { notificationKeys } from '../api/notification-keys.ts';

export const notificationStreamUrl = '/api/notifications/stream';

// Zod comes with the change schema when the first change arrives, not with the bell: it was a third of what a
// signed-in page downloaded after the entry before its first paint. One promise, so changes are read in order.
let liveChangeSchema: Promise<(typeof import('@core/schemas/live-change.ts'))['liveChangeSchema']> | undefined;
const loadLiveChangeSchema = () => (liveChangeSchema ??= import('@core/schemas/live-change.ts').then((module) => module.liveChangeSchema));

/**
 * Keeps the app live from the server's event stream: notifications update the list and the unread badge, and a
 * change (`event: change`, core/schemas/live-change.ts) refetches every query that declared its topic
 * (lib/live-queries.ts). EventSource reconnects by itself; after a reconnect the notifications and every live
 * query are fetched again so nothing that happened meanwhile is missed, and on the first open the live queries
 * answered before it.
 */
export function useNotificationStream(isSignedIn: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isSignedIn || typeof EventSource === 'undefined') return;
    const source = new EventSource(notificationStreamUrl, { withCredentials: true });
    let hasOpened = false;
    source.addEventListener('open', () => {
      if (hasOpened) {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
        void invalidateLiveQueries(queryClient);
      } else {
        // The page's data may have been read before the stream listened (it opens once the shell has drawn, and
        // the page's requests go out first): what came back before now is read again.
        void invalidateLiveQueries(queryClient, undefined, Date.now());
      }
      hasOpened = true;
    });
    source.addEventListener('change', (event) => {
      const data: unknown = JSON.parse((event as MessageEvent<string>).data);
      void loadLiveChangeSchema().then((schema) => {
        const change = schema.safeParse(data);
        if (change.success) void invalidateLiveQueries(queryClient, change.data.topic);
      });
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
