import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Notification } from '@core/schemas/notification.ts';
import { apiGet } from '@/lib/api-client.ts';
import { notificationKeys } from './notification-keys.ts';

/** GET /api/notifications?userId= (spec section 7): newest first. */
export const getNotifications = (userId: number) => apiGet<Notification[]>(`/api/notifications?userId=${userId}`);

export const notificationsQueryOptions = (userId: number) =>
  queryOptions({ queryKey: notificationKeys.list(), queryFn: () => getNotifications(userId) });

export function useNotifications(userId: number, enabled: boolean) {
  return useQuery({ ...notificationsQueryOptions(userId), enabled });
}
