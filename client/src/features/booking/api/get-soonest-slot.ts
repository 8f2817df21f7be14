import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SoonestSlot } from '@core/schemas/payments.ts';
import { apiGet } from '@/lib/api-client.ts';

/** GET /api/services/:id/soonest-slot: the soonest free detailer and slot for a service (404 when none). */
export const getSoonestSlot = (serviceId: number) => apiGet<SoonestSlot>(`/api/services/${serviceId}/soonest-slot`);

export const soonestSlotQueryOptions = (serviceId: number) =>
  queryOptions({
    queryKey: ['/api/services', serviceId, 'soonest-slot'] as const,
    queryFn: () => getSoonestSlot(serviceId),
    // Slots go fast: always ask again when the page opens.
    staleTime: 0,
    retry: false,
  });

export function useSoonestSlot(serviceId: number | null) {
  return useQuery({ ...soonestSlotQueryOptions(serviceId ?? 0), enabled: serviceId !== null });
}
