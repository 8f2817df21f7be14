import { useMutation } from '@tanstack/react-query';
import type { IntentStatusResponse } from '@core/schemas/payments.ts';
import type { ConfirmWalletPaymentInput } from '@core/schemas/one-tap.ts';
import { apiRequest } from '@/lib/api-client.ts';

/** POST /api/payments/wallet/confirm: a wallet (Apple Pay, Google Pay, the test wallet) pays the booking's intent. */
export const confirmWalletPayment = (input: ConfirmWalletPaymentInput) =>
  apiRequest<IntentStatusResponse>('POST', '/api/payments/wallet/confirm', input);

export function useConfirmWalletPayment() {
  return useMutation({ mutationFn: confirmWalletPayment });
}
