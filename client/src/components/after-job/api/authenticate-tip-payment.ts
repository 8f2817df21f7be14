import { useMutation } from '@tanstack/react-query';
import type { AuthenticateTestPaymentInput, IntentStatusResponse } from '@core/schemas/payments.ts';
import { apiRequest } from '@/lib/api-client.ts';

/** POST /api/tips/test-gateway/authenticate: the 3-D Secure style page's answer for a tip. */
export const authenticateTipPayment = (input: AuthenticateTestPaymentInput) =>
  apiRequest<IntentStatusResponse>('POST', '/api/tips/test-gateway/authenticate', input);

export function useAuthenticateTipPayment() {
  return useMutation({ mutationFn: authenticateTipPayment });
}
