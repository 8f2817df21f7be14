import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Earnings } from '@core/schemas/earnings.ts';
import { apiGet } from '@/lib/api-client.ts';
import { liveOn } from '@/lib/live-queries.ts';

/** GET /api/detailer/earnings: balance, next payout, past payouts with their bookings, months with statements. */
export const getEarnings = () => apiGet<Earnings>('/api/detailer/earnings');

export const earningsQueryKey = ['detailer', 'earnings'] as const;

/** A job completed, tipped or refunded is a booking change: the balance follows it live. */
export const earningsQueryOptions = () => queryOptions({ queryKey: earningsQueryKey, queryFn: getEarnings, meta: liveOn('booking') });

export function useEarnings() {
  return useQuery(earningsQueryOptions());
}

/** Where a month's CSV statement downloads from (GET /api/detailer/statements/:month.csv). */
export const statementUrl = (month: string) => `/api/detailer/statements/${month}.csv`;
