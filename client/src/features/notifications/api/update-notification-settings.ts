import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationSetting } from '@core/schemas/notification.ts';
import { apiRequest, errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { notificationSettingsKey } from './get-notification-settings.ts';

/** PUT /api/notification-settings {settings: [...]}: saves the types named; answers every type. */
export const updateNotificationSettings = (settings: NotificationSetting[]) =>
  apiRequest<NotificationSetting[]>('PUT', '/api/notification-settings', { settings });

/** Saves one type's switches at once: shown switched immediately, put back if the server refuses. */
export function useUpdateNotificationSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (setting: NotificationSetting) => updateNotificationSettings([setting]),
    onMutate: async (setting) => {
      await queryClient.cancelQueries({ queryKey: notificationSettingsKey });
      const previous = queryClient.getQueryData<NotificationSetting[]>(notificationSettingsKey);
      queryClient.setQueryData<NotificationSetting[]>(notificationSettingsKey, (list) =>
        list?.map((item) => (item.type === setting.type ? setting : item)),
      );
      return { previous };
    },
    onSuccess: (settings) => {
      queryClient.setQueryData(notificationSettingsKey, settings);
      toast({ title: 'Settings saved' });
    },
    onError: (error, _setting, context) => {
      if (context?.previous) queryClient.setQueryData(notificationSettingsKey, context.previous);
      toast({ title: 'Could not save settings', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
    },
  });
}
