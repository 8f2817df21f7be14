import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationSetting } from '@core/schemas/notification.ts';
import { apiGet } from '@/lib/api-client.ts';

export const notificationSettingsKey = ['notification-settings'] as const;

/** GET /api/notification-settings: every type with its in-app, push and email switches. */
export const getNotificationSettings = () => apiGet<NotificationSetting[]>('/api/notification-settings');

export const notificationSettingsQueryOptions = () => queryOptions({ queryKey: notificationSettingsKey, queryFn: getNotificationSettings });

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}
