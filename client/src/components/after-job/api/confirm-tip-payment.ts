import type { ConfirmTestPaymentInput, IntentStatusResponse } from '@core/schemas/payments.ts';
import { apiRequest } from '@/lib/api-client.ts';

/** POST /api/tips/test-gateway/confirm: the built-in gateway's card form paying a tip (the card form's mutation calls it). */
export const confirmTipPayment = (input: ConfirmTestPaymentInput) =>
  apiRequest<IntentStatusResponse>('POST', '/api/tips/test-gateway/confirm', input);
