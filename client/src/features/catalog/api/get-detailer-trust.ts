import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DetailerTrust } from '@core/schemas/trust.ts';
import { apiGet } from '@/lib/api-client.ts';

/** GET /api/detailers/:id/trust: figures, badges and portfolio on the detailer's page. */
export const detailerTrustQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['/api/detailers', id, 'trust'], queryFn: () => apiGet<DetailerTrust>(`/api/detailers/${id}/trust`) });

export const useDetailerTrust = (id: number) => useQuery(detailerTrustQueryOptions(id));
