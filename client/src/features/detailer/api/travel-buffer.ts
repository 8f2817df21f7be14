import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TravelBuffer } from '@core/schemas/smart-booking.ts';
import { apiGet, apiRequest } from '@/lib/api-client.ts';

export const travelBufferQueryKey = ['/api/detailer/travel-buffer'] as const;

/** GET /api/detailer/travel-buffer: the minutes the signed-in detailer adds to every drive between jobs. */
export function useTravelBuffer() {
  return useQuery({ queryKey: travelBufferQueryKey, queryFn: () => apiGet<TravelBuffer>('/api/detailer/travel-buffer') });
}

/** PUT /api/detailer/travel-buffer {minutes}. */
export function useUpdateTravelBuffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TravelBuffer) => apiRequest<TravelBuffer>('PUT', '/api/detailer/travel-buffer', input),
    onSuccess: (saved) => queryClient.setQueryData(travelBufferQueryKey, saved),
  });
}
