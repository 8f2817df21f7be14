import type { Config } from '../../config.ts';
import type { PaymentGateway } from '../../payments/gateways/gateway.ts';
import type { MembershipBillingGateway } from './billing-gateway.ts';
import { StripeMembershipBilling } from './stripe-billing.ts';
import { TestMembershipBilling } from './test-billing.ts';

/**
 * The billing gateway that goes with the payment gateway (PAYMENTS_GATEWAY): Stripe Billing with Stripe, the
 * built-in billing over the test payment gateway otherwise. Built once per app in buildApp (`ctx.membershipBilling`).
 */
export function createMembershipBilling(
  config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET'>,
  gateway: PaymentGateway,
): MembershipBillingGateway {
  return gateway.kind === 'stripe'
    ? new StripeMembershipBilling({ secretKey: config.STRIPE_SECRET_KEY!, webhookSecret: config.STRIPE_WEBHOOK_SECRET })
    : new TestMembershipBilling(gateway);
}
