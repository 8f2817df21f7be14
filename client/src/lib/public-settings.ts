import { queryOptions, useQuery } from '@tanstack/react-query';
import { defaultPublicSettings } from '@core/domain/public-settings.ts';
import type { PublicSettings } from '@core/schemas/platform-settings.ts';
import { apiGet } from '@/lib/api-client.ts';

// Shared by the booking flow, checkout and help (decision 022): what the platform's settings are now, so previews
// and texts state the live fee, tax rate and terms. The server prices each booking; the client only displays.

export const publicSettingsQueryKey = ['settings', 'public'] as const;

/** GET /api/settings/public (no sign-in). */
export const getPublicSettings = () => apiGet<PublicSettings>('/api/settings/public');

export const publicSettingsQueryOptions = () =>
  queryOptions({ queryKey: publicSettingsQueryKey, queryFn: getPublicSettings, staleTime: 60_000 });

/**
 * The live settings; the spec's numbers until they arrive (or when they cannot be read). Without the gateway, which
 * has no default: usePaymentGateway.
 */
export function usePublicSettings(): Omit<PublicSettings, 'paymentGateway'> {
  return useQuery(publicSettingsQueryOptions()).data ?? defaultPublicSettings;
}

/** The server's payment gateway; undefined until the settings arrive (or when they cannot be read). */
export function usePaymentGateway(): PublicSettings['paymentGateway'] | undefined {
  return useQuery(publicSettingsQueryOptions()).data?.paymentGateway;
}
