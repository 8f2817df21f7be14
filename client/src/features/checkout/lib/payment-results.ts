import type { IntentStatus } from '@core/schemas/payments.ts';
import { toast } from '@/lib/toast.ts';

/** How each result reads (spec section 8). An authorized card (requires_capture) is a success: captured at completion. */
export type PaymentOutcome = 'success' | 'processing' | 'failed' | 'action' | 'other';

export function outcomeOf(status: IntentStatus): PaymentOutcome {
  switch (status) {
    case 'succeeded':
    case 'requires_capture':
      return 'success';
    case 'processing':
      return 'processing';
    case 'requires_payment_method':
      return 'failed';
    case 'requires_action':
      return 'action';
    case 'canceled':
      return 'other';
    default: {
      const unreachable: never = status;
      throw new Error(`Unknown status ${String(unreachable)}`);
    }
  }
}

export const resultToasts = {
  success: { title: 'Payment Successful' },
  processing: { title: 'Processing Payment', description: 'Your payment is processing.' },
  failed: { title: 'Payment Failed', description: 'Your payment was not successful, please try again.', variant: 'destructive' as const },
  other: { title: 'Something went wrong', description: 'Please try again or contact support.', variant: 'destructive' as const },
};

export function toastOutcome(outcome: Exclude<PaymentOutcome, 'action'>) {
  toast(resultToasts[outcome]);
}

/** Redirect after a successful payment (spec section 9). */
export const successRedirectMs = 2000;
