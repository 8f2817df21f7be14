import type { Config } from '../config.ts';
import type { Clock } from '../clock.ts';
import type { PaymentGateway } from './gateway.ts';
import { StripeGateway } from './stripe-gateway.ts';
import { TestGateway } from './test-gateway.ts';

/** Stripe when both keys are set, else the built-in test gateway (PRODUCT.md "Payments"). */
export function createPaymentGateway(config: Config, clock: Clock): PaymentGateway {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY) {
    return new StripeGateway({
      secretKey: config.STRIPE_SECRET_KEY,
      publishableKey: config.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    });
  }
  return new TestGateway({ webhookSecret: config.TEST_GATEWAY_WEBHOOK_SECRET, now: () => clock.now() });
}
