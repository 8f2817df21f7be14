import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { locationSharingQueryKey } from './get-location-sharing.ts';
import type { LocationSharing } from '@core/schemas/tracking.ts';

/** PUT /api/detailer/location-sharing {enabled}: sharing on or off for today (the detailer's time zone). */
export const updateLocationSharing = (enabled: boolean) =>
  apiRequest<LocationSharing>('PUT', '/api/detailer/location-sharing', { enabled });

export function useUpdateLocationSharing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLocationSharing,
    onSuccess: (sharing) => {
      if (sharing) queryClient.setQueryData(locationSharingQueryKey, sharing);
      return queryClient.invalidateQueries({ queryKey: locationSharingQueryKey });
    },
  });
}
