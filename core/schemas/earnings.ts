import { z } from 'zod';
import type { LedgerKind } from '../domain/earnings.ts';
import { idParam, textSchema } from './common.ts';

// The detailer's earnings and payouts (decision 021, "Money"): GET /api/detailer/earnings, GET /api/detailer/payouts/:id,
// GET /api/detailer/statements/:month.csv and GET/POST /api/detailer/payout-account.
// ledgerKindLabels is in core/domain/earnings.ts, not re-exported here: the business page uses it and loads this module
// with import(), and such a re-export cost the page its entry in the build.

export const payoutGateways = ['test', 'stripe'] as const;
export type PayoutGateway = (typeof payoutGateways)[number];

export const payoutAccountStatuses = ['pending', 'active', 'restricted'] as const;
export type PayoutAccountStatus = (typeof payoutAccountStatuses)[number];

export const payoutStatuses = ['pending', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

/** An ABA routing number: nine digits whose weighted sum (3, 7, 1, ...) is a multiple of ten. */
export function isRoutingNumber(value: string): boolean {
  if (!/^[0-9]{9}$/.test(value)) return false;
  const digits = [...value].map(Number);
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  return digits.reduce((sum, digit, index) => sum + digit * weights[index]!, 0) % 10 === 0;
}

/** Spaces and dashes people type between digit groups are dropped before the check. */
const digitsOf = (value: unknown) => (typeof value === 'string' ? value.replace(/[\s-]/g, '') : value);

/**
 * POST /api/detailer/payout-account with the built-in gateway: the bank account the simulated payouts go to. The
 * server keeps only 'Bank account ending 6789'; the numbers go to the gateway and are never stored.
 */
export const bankAccountInputSchema = z.object({
  accountHolderName: textSchema('Account holder name', 100).min(2, 'Account holder name is required'),
  routingNumber: z.preprocess(
    digitsOf,
    z
      .string({ error: 'Routing number is required' })
      .min(1, 'Routing number is required')
      .refine(isRoutingNumber, 'Routing number must be a valid 9-digit ABA routing number'),
  ),
  accountNumber: z.preprocess(
    digitsOf,
    z
      .string({ error: 'Account number is required' })
      .min(1, 'Account number is required')
      .regex(/^[0-9]{4,17}$/, 'Account number must be 4 to 17 digits'),
  ),
});
export type BankAccountInput = z.infer<typeof bankAccountInputSchema>;
export type BankAccountFormValues = z.input<typeof bankAccountInputSchema>;

/** POST /api/detailer/payout-account with Stripe: nothing to send, Stripe's own onboarding collects the details. */
export const stripePayoutAccountInputSchema = z.object({}).strict();

export type PayoutAccount = {
  gateway: PayoutGateway;
  status: PayoutAccountStatus;
  /** What the detailer recognises: 'Bank account ending 6789', or the Stripe account's bank. */
  description: string;
  updatedAt: string;
};

/** GET /api/detailer/payout-account; POST answers the same, plus Stripe's onboarding link to open. */
export type PayoutAccountResponse = {
  /** Which gateway pays: the form (test) or Stripe's onboarding (stripe). */
  gateway: PayoutGateway;
  account: PayoutAccount | null;
  /** Stripe only, after POST: the one-time link to Stripe's onboarding (expires in minutes). */
  onboardingUrl: string | null;
};

/** One ledger row as the detailer sees it (a payout's bookings, the statement). */
export type EarningsLine = {
  id: number;
  kind: LedgerKind;
  bookingId: number | null;
  serviceName: string | null;
  /** When the money moved (ISO instant). */
  createdAt: string;
  grossCents: number;
  commissionCents: number;
  amountCents: number;
};

export type Payout = {
  id: number;
  amountCents: number;
  status: PayoutStatus;
  /** The run's day, YYYY-MM-DD (platform time zone). */
  runDate: string;
  createdAt: string;
  paidAt: string | null;
  failureMessage: string | null;
  /** The jobs, tips and refunds this payout paid (everything since the previous payout). */
  lines: EarningsLine[];
};

/**
 * A covered visit's credit not in the balance yet (decision 043): 'pending' until `availableAt` (the claim window's end),
 * 'on_hold' while the member's reported problem is open.
 */
export type PendingCredit = {
  bookingId: number;
  serviceName: string;
  completedAt: string;
  availableAt: string;
  amountCents: number;
  status: 'pending' | 'on_hold';
};

/** GET /api/detailer/earnings. */
export type Earnings = {
  /** Everything earned and not paid out yet; negative after a refund that came after a payout (netted next time). */
  balanceCents: number;
  /** Jobs, tips and refunds since Monday (platform time zone). */
  weekCents: number;
  commissionBasisPoints: number;
  nextPayout: { date: string; estimateCents: number };
  payoutAccount: PayoutAccount | null;
  payoutGateway: PayoutGateway;
  /** Newest first. */
  payouts: Payout[];
  /** Months (YYYY-MM) with ledger rows, newest first: the statements to download. */
  statementMonths: string[];
  /** Covered visits done and not credited yet, soonest available first. */
  pendingCredits: PendingCredit[];
  /** False before the first job: the page shows its empty state. */
  hasActivity: boolean;
};

export const payoutIdParamsSchema = z.object({ id: idParam('Payout id') });

/** `2026-11.csv`: a month's statement. */
export const statementParamsSchema = z.object({
  file: z
    .string()
    .regex(/^[0-9]{4}-(0[1-9]|1[0-2])\.csv$/, 'Month must be written YYYY-MM, as in 2026-11.csv')
    .transform((value) => value.slice(0, 7)),
});
