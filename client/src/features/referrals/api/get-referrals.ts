import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReferralsResponse } from '@core/schemas/referrals.ts';
import { apiGet } from '@/lib/api-client.ts';

/** GET /api/referrals: the signed-in customer's code, share link, invited friends and credits. */
export const getReferrals = () => apiGet<ReferralsResponse>('/api/referrals');

export const referralsQueryKey = ['referrals'] as const;

export const referralsQueryOptions = () => queryOptions({ queryKey: referralsQueryKey, queryFn: getReferrals });

export const useReferrals = () => useQuery(referralsQueryOptions());
