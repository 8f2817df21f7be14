import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankAccountInput, PayoutAccountResponse } from '@core/schemas/earnings.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { earningsQueryKey } from './get-earnings.ts';
import { payoutAccountQueryKey } from './get-payout-account.ts';

/**
 * POST /api/detailer/payout-account: bank details for the built-in gateway; with Stripe nothing (null), and the
 * answer carries the onboarding link to open.
 */
export const savePayoutAccount = (input: BankAccountInput | null) =>
  apiRequest<PayoutAccountResponse>('POST', '/api/detailer/payout-account', input ?? {});

export function useSavePayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePayoutAccount,
    onSuccess: async (saved) => {
      queryClient.setQueryData(payoutAccountQueryKey, { ...saved, onboardingUrl: null });
      await queryClient.invalidateQueries({ queryKey: earningsQueryKey });
    },
  });
}
