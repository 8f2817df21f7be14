import { useMutation } from '@tanstack/react-query';
import type { ConfirmTestPaymentInput, IntentStatusResponse } from '@core/schemas/payments.ts';
import { apiRequest } from '@/lib/api-client.ts';

/** POST /api/payments/test-gateway/confirm: the built-in gateway's card form. */
export const confirmTestPayment = (input: ConfirmTestPaymentInput) =>
  apiRequest<IntentStatusResponse>('POST', '/api/payments/test-gateway/confirm', input);

/** `confirm` is the endpoint that pays: the booking's by default, a tip's (POST /api/tips/test-gateway/confirm) for a tip. */
export function useConfirmTestPayment(confirm: (input: ConfirmTestPaymentInput) => Promise<IntentStatusResponse> = confirmTestPayment) {
  return useMutation({ mutationFn: confirm });
}
