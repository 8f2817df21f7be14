import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminClaim, ClaimStatus } from '@core/schemas/claim.ts';
import { apiGet } from '@/lib/api-client.ts';
import { liveOn } from '@/lib/live-queries.ts';

/** GET /api/admin/claims?status=: problems customers reported (admins only), oldest open first. */
export const getAdminClaims = (status?: ClaimStatus) => apiGet<AdminClaim[]>(`/api/admin/claims${status ? `?status=${status}` : ''}`);

export const adminClaimsQueryKey = ['admin', 'claims'] as const;

// A new report or a refund is a booking change: the queue refetches on it.
export const adminClaimsQueryOptions = (status?: ClaimStatus) =>
  queryOptions({ queryKey: [...adminClaimsQueryKey, { status }] as const, queryFn: () => getAdminClaims(status), meta: liveOn('booking') });

export function useAdminClaims(status?: ClaimStatus) {
  return useQuery(adminClaimsQueryOptions(status));
}
