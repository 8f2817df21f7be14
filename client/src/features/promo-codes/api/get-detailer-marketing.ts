import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DetailerMarketing } from '@core/schemas/promo-codes.ts';
import { apiGet } from '@/lib/api-client.ts';

export const detailerMarketingQueryKey = ['/api/detailer/promo-codes'] as const;

/** GET /api/detailer/promo-codes: the detailer's own codes, services and profile link. */
export const getDetailerMarketing = () => apiGet<DetailerMarketing>('/api/detailer/promo-codes');

export const detailerMarketingQueryOptions = () => queryOptions({ queryKey: detailerMarketingQueryKey, queryFn: getDetailerMarketing });

export function useDetailerMarketing() {
  return useQuery(detailerMarketingQueryOptions());
}
