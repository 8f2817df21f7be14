import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@core/schemas/notification.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { notificationKeys } from './notification-keys.ts';

/** PATCH /api/notifications/{id}/read: no body. */
export const markNotificationRead = (id: number) => apiRequest<Notification>('PATCH', `/api/notifications/${id}/read`);

/** Marks one read: the list updates locally at once, the count is fetched again (spec section 7). */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: (id) => {
      queryClient.setQueryData<Notification[]>(notificationKeys.list(), (list) =>
        list?.map((n) => (n.id === id ? { ...n, isRead: true } : n)),
      );
    },
    onError: (_error, id) => {
      queryClient.setQueryData<Notification[]>(notificationKeys.list(), (list) =>
        list?.map((n) => (n.id === id ? { ...n, isRead: false } : n)),
      );
      toast({ title: 'Failed to mark notification as read', variant: 'destructive' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount() }),
  });
}
