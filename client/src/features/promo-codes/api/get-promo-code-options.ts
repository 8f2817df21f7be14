import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PromoCodeOptions } from '@core/schemas/promo-codes.ts';
import { apiGet } from '@/lib/api-client.ts';

/** GET /api/admin/promo-codes/options: the services and detailers the new-code form offers. */
export const getPromoCodeOptions = () => apiGet<PromoCodeOptions>('/api/admin/promo-codes/options');

export const promoCodeOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/admin/promo-codes', 'options'] as const, queryFn: getPromoCodeOptions });

export function usePromoCodeOptions() {
  return useQuery(promoCodeOptionsQueryOptions());
}
