import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlatformSettingsResponse, PlatformSettingsUpdate } from '@core/schemas/platform-settings.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { platformSettingsQueryKey } from './get-platform-settings.ts';

/** PATCH /api/admin/settings: change the commission, the payout weekday or both; answers the settings as saved. */
export const updatePlatformSettings = (input: PlatformSettingsUpdate) => apiRequest<PlatformSettingsResponse>('PATCH', '/api/admin/settings', input);

export function useUpdatePlatformSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlatformSettings,
    onSuccess: (saved) => queryClient.setQueryData(platformSettingsQueryKey, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: platformSettingsQueryKey }),
  });
}
