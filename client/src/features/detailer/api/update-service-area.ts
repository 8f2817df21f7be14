import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceArea, ServiceAreaInput } from '@core/schemas/tracking.ts';
import { apiRequest } from '@/lib/api-client.ts';

/** PUT /api/detailer/service-area {zip, radiusMiles}: the base (the ZIP's centre) and how far the detailer travels. */
export const updateServiceArea = (input: ServiceAreaInput) => apiRequest<ServiceArea>('PUT', '/api/detailer/service-area', input);

export function useUpdateServiceArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateServiceArea,
    // The detailer lists and profiles carry the area: the map and new bookings follow at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/detailers'] }),
  });
}
