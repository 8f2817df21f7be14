import Stripe from 'stripe';
import type { PayoutAccountStatus } from '@core/schemas/earnings.ts';
import { stripeClient } from '../../payments/gateways/stripe-call.ts';
import type { GatewayPayoutAccount, PayoutGateway, TransferInput } from '../payout-gateway.ts';
import { PayoutRefusedError } from '../payout-gateway.ts';

export type StripeConnectOptions = {
  secretKey: string;
  /** Contract tests point the SDK at a Stripe-shaped server on loopback. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
};

/** Active once Stripe lets the account take charges and payouts; restricted when details were sent but it does not. */
export function accountStatus(
  account: Pick<Stripe.Account, 'charges_enabled' | 'payouts_enabled' | 'details_submitted'>,
): PayoutAccountStatus {
  if (account.charges_enabled && account.payouts_enabled) return 'active';
  return account.details_submitted ? 'restricted' : 'pending';
}

function describe(account: Stripe.Account): string {
  const bank = account.external_accounts?.data.find((external) => external.object === 'bank_account');
  if (bank && 'last4' in bank) return `Bank account ending ${bank.last4}`;
  return 'Stripe Express account';
}

async function call<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    // Stripe answered and said no (card, request or permission errors); connection errors are retried later.
    if (error instanceof Stripe.errors.StripeError && !(error instanceof Stripe.errors.StripeConnectionError)) {
      throw new PayoutRefusedError(error.message);
    }
    throw error;
  }
}

/** Stripe Connect Express: the detailer onboards with Stripe; Glossly sends transfers to the connected account. */
export class StripeConnectGateway implements PayoutGateway {
  readonly kind = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(options: StripeConnectOptions) {
    this.stripe = stripeClient(options);
  }

  async createAccount({ detailerId, email }: { detailerId: number; email: string }): Promise<GatewayPayoutAccount> {
    const account = await call(() =>
      this.stripe.accounts.create(
        {
          type: 'express',
          email,
          capabilities: { transfers: { requested: true } },
          metadata: { detailerId: String(detailerId) },
        },
        // One Express account per detailer, even when the button is pressed twice.
        { idempotencyKey: `payout-account-${detailerId}` },
      ),
    );
    return { ref: account.id, status: accountStatus(account), description: describe(account) };
  }

  async onboardingLink(accountRef: string, returnUrl: string, refreshUrl: string): Promise<string> {
    const link = await call(() =>
      this.stripe.accountLinks.create({ account: accountRef, type: 'account_onboarding', return_url: returnUrl, refresh_url: refreshUrl }),
    );
    return link.url;
  }

  async retrieveAccount(accountRef: string): Promise<GatewayPayoutAccount> {
    const account = await call(() => this.stripe.accounts.retrieve(accountRef));
    return { ref: account.id, status: accountStatus(account), description: describe(account) };
  }

  async transfer({ accountRef, amountCents, idempotencyKey, metadata }: TransferInput): Promise<string> {
    const transfer = await call(() =>
      this.stripe.transfers.create({ amount: amountCents, currency: 'usd', destination: accountRef, metadata }, { idempotencyKey }),
    );
    return transfer.id;
  }
}
