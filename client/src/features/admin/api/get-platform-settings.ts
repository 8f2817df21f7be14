import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlatformSettingsResponse } from '@core/schemas/platform-settings.ts';
import { apiGet } from '@/lib/api-client.ts';

export const platformSettingsQueryKey = ['admin', 'settings'] as const;

/** GET /api/admin/settings: every platform setting and the latest 50 changes (decision 022). */
export const getPlatformSettings = () => apiGet<PlatformSettingsResponse>('/api/admin/settings');

export const platformSettingsQueryOptions = () => queryOptions({ queryKey: platformSettingsQueryKey, queryFn: getPlatformSettings });

export function usePlatformSettings() {
  return useQuery(platformSettingsQueryOptions());
}
