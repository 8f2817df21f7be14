import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlatformSettingsResponse, PlatformSettingsUpdate } from '@core/schemas/platform-settings.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { publicSettingsQueryKey } from '@/lib/public-settings.ts';
import { platformSettingsQueryKey } from './get-platform-settings.ts';

/** PATCH /api/admin/settings: change the settings sent; answers every setting as saved and the latest changes. */
export const updatePlatformSettings = (input: PlatformSettingsUpdate) =>
  apiRequest<PlatformSettingsResponse>('PATCH', '/api/admin/settings', input);

export function useUpdatePlatformSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlatformSettings,
    onSuccess: (saved) => queryClient.setQueryData(platformSettingsQueryKey, saved),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: platformSettingsQueryKey });
      // What customers see priced (decision 022) follows at once in this browser too.
      void queryClient.invalidateQueries({ queryKey: publicSettingsQueryKey });
    },
  });
}
