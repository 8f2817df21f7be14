import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@core/schemas/notification.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { notificationKeys } from './notification-keys.ts';

/** POST /api/notifications/read-all */
export const markAllNotificationsRead = () => apiRequest<{ updated: number }>('POST', '/api/notifications/read-all');

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => {
      queryClient.setQueryData<Notification[]>(notificationKeys.list(), (list) => list?.map((n) => ({ ...n, isRead: true })));
      queryClient.setQueryData(notificationKeys.unreadCount(), 0);
    },
    onError: () => toast({ title: 'Failed to mark notification as read', variant: 'destructive' }),
  });
}
