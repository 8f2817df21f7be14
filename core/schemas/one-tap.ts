import { z } from 'zod';
import { textSchema } from './common.ts';

/** Cards shown on /payment-methods: never the number, only brand and last four. Apart from payments.ts, which the
 * first screens load, so that this fields add nothing to them (decision 051). */
export const savedCardSchema = z.object({
  id: z.number(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number(),
  expYear: z.number(),
  /** The card one tap pays with (checkout, membership, tip); at most one per customer. */
  isDefault: z.boolean(),
});
export type SavedCard = z.infer<typeof savedCardSchema>;

/** The built-in gateway's test wallet: the payment method its wallet sheet pays with (a Visa ending 4242). */
export const testWalletPaymentMethod = 'pm_test_wallet';

/**
 * POST /api/payments/wallet/confirm: a wallet pays the intent (Stripe's Payment Request's `pm_…`, or the built-in
 * gateway's test wallet). No amount: the intent's is the only one, and an amount sent along is dropped unread.
 */
export const confirmWalletPaymentSchema = z.object({
  // The client secret as payments.ts reads it; not imported from there, which would make the first screens' chunk export it.
  clientSecret: textSchema('clientSecret', 200, { trim: false }).min(1, 'clientSecret is required'),
  walletPaymentMethod: textSchema('walletPaymentMethod', 255, { trim: false }).min(1, 'walletPaymentMethod is required'),
});
export type ConfirmWalletPaymentInput = z.infer<typeof confirmWalletPaymentSchema>;
