import { useMutation } from '@tanstack/react-query';
import type { AuthenticateTestPaymentInput, IntentStatusResponse } from '@core/schemas/payments.ts';
import { apiRequest } from '@/lib/api-client.ts';

/** POST /api/payments/test-gateway/authenticate: the 3-D Secure style step's approve or fail. */
export const authenticateTestPayment = (input: AuthenticateTestPaymentInput) =>
  apiRequest<IntentStatusResponse>('POST', '/api/payments/test-gateway/authenticate', input);

export function useAuthenticateTestPayment() {
  return useMutation({ mutationFn: authenticateTestPayment });
}
