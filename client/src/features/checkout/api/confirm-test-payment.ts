import { useMutation } from '@tanstack/react-query';
import type { ConfirmTestPaymentInput, IntentStatusResponse } from '@core/schemas/payments.ts';
import { apiRequest } from '@/lib/api-client.ts';

/** POST /api/payments/test-gateway/confirm: the built-in gateway's card form. */
export const confirmTestPayment = (input: ConfirmTestPaymentInput) =>
  apiRequest<IntentStatusResponse>('POST', '/api/payments/test-gateway/confirm', input);

export function useConfirmTestPayment() {
  return useMutation({ mutationFn: confirmTestPayment });
}
