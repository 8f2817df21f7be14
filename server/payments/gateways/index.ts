import type { Config } from '../../config.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { installSecret } from '../../db/install-secrets.ts';
import type { PaymentGateway } from './gateway.ts';
import { StripeGateway } from './stripe-gateway.ts';
import { TestGateway } from './test-gateway.ts';

/** The gateway config.PAYMENTS_GATEWAY chose: Stripe, or the built-in test gateway (PRODUCT.md "Payments"). */
export async function createPaymentGateway(config: Config, clock: Clock, db: Database): Promise<PaymentGateway> {
  if (config.PAYMENTS_GATEWAY === 'stripe') {
    return new StripeGateway({
      secretKey: config.STRIPE_SECRET_KEY!,
      publishableKey: config.STRIPE_PUBLISHABLE_KEY!,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    });
  }
  const webhookSecret = config.TEST_GATEWAY_WEBHOOK_SECRET ?? (await installSecret(db, 'test_gateway_webhook_secret'));
  return new TestGateway({ db, webhookSecret, now: () => clock.now() });
}
