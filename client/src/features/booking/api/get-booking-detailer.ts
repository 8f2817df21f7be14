import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DetailerWithServices } from '@core/schemas/catalog.ts';
import { apiGet } from '@/lib/api-client.ts';

/** GET /api/detailers/:id: the detailer with the services they offer (step 1's cards). */
export const getBookingDetailer = (detailerId: number) => apiGet<DetailerWithServices>(`/api/detailers/${detailerId}`);

export const bookingDetailerQueryOptions = (detailerId: number | null) =>
  queryOptions({
    queryKey: ['/api/detailers', detailerId],
    queryFn: () => getBookingDetailer(detailerId!),
    enabled: detailerId !== null,
  });

export function useBookingDetailer(detailerId: number | null) {
  return useQuery(bookingDetailerQueryOptions(detailerId));
}
