import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PromoCode } from '@core/schemas/promo-codes.ts';
import { apiGet } from '@/lib/api-client.ts';

export const promoCodesQueryKey = ['/api/admin/promo-codes'] as const;

/** GET /api/admin/promo-codes: every code, newest first. */
export const getPromoCodes = () => apiGet<PromoCode[]>('/api/admin/promo-codes');

export const promoCodesQueryOptions = () => queryOptions({ queryKey: promoCodesQueryKey, queryFn: getPromoCodes });

export function usePromoCodes() {
  return useQuery(promoCodesQueryOptions());
}
