import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SoonestSlot } from '@core/schemas/payments.ts';
import { apiGet } from '@/lib/api-client.ts';

/**
 * GET /api/services/:id/soonest-slot?zip=: the soonest free detailer and slot for a service (404 when none); with the
 * customer's ZIP, only detailers who come there, at a time they can drive to.
 */
export const getSoonestSlot = (serviceId: number, zip: string | null) =>
  apiGet<SoonestSlot>(`/api/services/${serviceId}/soonest-slot${zip ? `?zip=${encodeURIComponent(zip)}` : ''}`);

export const soonestSlotQueryOptions = (serviceId: number, zip: string | null) =>
  queryOptions({
    queryKey: ['/api/services', serviceId, 'soonest-slot', { zip }] as const,
    queryFn: () => getSoonestSlot(serviceId, zip),
    // Slots go fast: always ask again when the page opens.
    staleTime: 0,
    retry: false,
  });

/** `zip` undefined: not known yet (the customer's places are loading), so nothing is asked. */
export function useSoonestSlot(serviceId: number | null, zip: string | null | undefined) {
  return useQuery({ ...soonestSlotQueryOptions(serviceId ?? 0, zip ?? null), enabled: serviceId !== null && zip !== undefined });
}
