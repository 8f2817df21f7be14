import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlatformSettingsResponse } from '@core/schemas/platform-settings.ts';
import { apiGet } from '@/lib/api-client.ts';

export const platformSettingsQueryKey = ['admin', 'settings'] as const;

/** GET /api/admin/settings: the platform's commission (basis points) and payout weekday. */
export const getPlatformSettings = () => apiGet<PlatformSettingsResponse>('/api/admin/settings');

export const platformSettingsQueryOptions = () => queryOptions({ queryKey: platformSettingsQueryKey, queryFn: getPlatformSettings });

export function usePlatformSettings() {
  return useQuery(platformSettingsQueryOptions());
}
