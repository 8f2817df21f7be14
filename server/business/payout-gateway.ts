import type { BankAccountInput, PayoutAccountStatus, PayoutGateway as PayoutGatewayKind } from '@core/schemas/earnings.ts';

/** A payout account as the gateway holds it. */
export type GatewayPayoutAccount = { ref: string; status: PayoutAccountStatus; description: string };

export type TransferInput = {
  accountRef: string;
  amountCents: number;
  /** One per payout (`payout-{id}`): a retried transfer never pays twice. */
  idempotencyKey: string;
  metadata: Record<string, string>;
};

/** The gateway refused a transfer or an account operation (a closed bank account, a restricted account). */
export class PayoutRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PayoutRefusedError';
  }
}

/**
 * Paying detailers (decision 021): Stripe Connect Express accounts when Stripe is configured, the built-in
 * gateway's simulated accounts otherwise, with the same states (account pending/active/restricted; payout
 * pending/paid/failed). A refusal throws PayoutRefusedError; anything else (network) is retried later.
 */
export interface PayoutGateway {
  readonly kind: PayoutGatewayKind;
  /**
   * Built-in gateway: an account for these bank details, active at once. Stripe: an Express account the detailer
   * completes in Stripe's onboarding (bank undefined), pending until then.
   */
  createAccount(input: { detailerId: number; email: string; bank?: BankAccountInput }): Promise<GatewayPayoutAccount>;
  /** Stripe only: the one-time onboarding link for an Express account. */
  onboardingLink?(accountRef: string, returnUrl: string, refreshUrl: string): Promise<string>;
  retrieveAccount(accountRef: string): Promise<GatewayPayoutAccount>;
  /** Sends money to the account; resolves to the transfer's id. */
  transfer(input: TransferInput): Promise<string>;
}
