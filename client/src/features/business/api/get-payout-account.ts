import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PayoutAccountResponse } from '@core/schemas/earnings.ts';
import { apiGet } from '@/lib/api-client.ts';

/** GET /api/detailer/payout-account: where payouts go; with Stripe, the account's status read back from Stripe. */
export const getPayoutAccount = () => apiGet<PayoutAccountResponse>('/api/detailer/payout-account');

export const payoutAccountQueryKey = ['detailer', 'payout-account'] as const;

export const payoutAccountQueryOptions = () => queryOptions({ queryKey: payoutAccountQueryKey, queryFn: getPayoutAccount });

export function usePayoutAccount() {
  return useQuery(payoutAccountQueryOptions());
}
