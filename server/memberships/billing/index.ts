import type { AppContext } from '../../context.ts';
import type { MembershipBillingGateway } from './billing-gateway.ts';
import { StripeMembershipBilling } from './stripe-billing.ts';
import { TestMembershipBilling } from './test-billing.ts';

const made = new WeakMap<object, MembershipBillingGateway>();

/**
 * The billing gateway the payment configuration chose (PAYMENTS_GATEWAY): Stripe Billing with Stripe, the built-in
 * billing over the test payment gateway otherwise. Made once per app.
 */
export function membershipBilling(ctx: Pick<AppContext, 'gateway' | 'config'>): MembershipBillingGateway {
  const existing = made.get(ctx.gateway);
  if (existing) return existing;
  const billing =
    ctx.gateway.kind === 'stripe'
      ? new StripeMembershipBilling({ secretKey: ctx.config.STRIPE_SECRET_KEY!, webhookSecret: ctx.config.STRIPE_WEBHOOK_SECRET })
      : new TestMembershipBilling(ctx.gateway);
  made.set(ctx.gateway, billing);
  return billing;
}

/** Tests (the loopback Stripe) put their own billing gateway in place for an app's payment gateway. */
export function useMembershipBilling(gateway: object, billing: MembershipBillingGateway): void {
  made.set(gateway, billing);
}
