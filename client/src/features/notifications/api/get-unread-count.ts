import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import { notificationKeys } from './notification-keys.ts';

/** Spec section 9: the unread count is polled every 60 seconds. */
export const unreadCountPollMs = 60_000;

export const getUnreadCount = async (userId: number) =>
  (await apiGet<{ count: number }>(`/api/notifications/count?userId=${userId}&unreadOnly=true`)).count;

export const unreadCountQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: notificationKeys.unreadCount(),
    queryFn: () => getUnreadCount(userId),
    refetchInterval: unreadCountPollMs,
  });

export function useUnreadCount(userId: number) {
  return useQuery(unreadCountQueryOptions(userId));
}
