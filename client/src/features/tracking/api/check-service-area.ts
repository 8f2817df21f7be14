import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';
import type { ServiceAreaCheck } from '@core/schemas/tracking.ts';

export type ServiceAreaQuestion = { detailerId: number; zip: string };

/** GET /api/service-area/check?detailerId=&zip=: whether the detailer comes to that ZIP code. */
export const checkServiceArea = ({ detailerId, zip }: ServiceAreaQuestion) =>
  apiGet<ServiceAreaCheck>(`/api/service-area/check?${new URLSearchParams({ detailerId: String(detailerId), zip })}`);

export const serviceAreaCheckQueryOptions = (question: ServiceAreaQuestion | null) =>
  queryOptions({
    queryKey: ['/api/service-area/check', question],
    queryFn: () => checkServiceArea(question!),
    enabled: question !== null,
    retry: false,
  });

/** Asked only once the form is submitted (`question` non-null). */
export function useServiceAreaCheck(question: ServiceAreaQuestion | null) {
  return useQuery(serviceAreaCheckQueryOptions(question));
}
