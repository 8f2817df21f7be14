import type { Config } from '../../config.ts';
import type { PayoutGateway } from '../payout-gateway.ts';
import { StripeConnectGateway } from './stripe-connect-gateway.ts';
import { TestPayoutGateway } from './test-payout-gateway.ts';

/**
 * The payout gateway that goes with the payment gateway config.PAYMENTS_GATEWAY chose (server/config.ts): Stripe
 * Connect when Stripe takes the payments, the built-in simulation otherwise. Built once per app in buildApp
 * (`ctx.payouts`); both are stateless here (the test one keeps its side in Glossly's rows).
 */
export function createPayoutGateway(config: Config): PayoutGateway {
  if (config.PAYMENTS_GATEWAY === 'stripe') return new StripeConnectGateway({ secretKey: config.STRIPE_SECRET_KEY! });
  return new TestPayoutGateway();
}
