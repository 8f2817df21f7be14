import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { installSecrets } from '../../db/schema.ts';
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

/** A random secret made by the first instance that asks for it and shared by every later one (never a constant). */
export async function installSecret(db: Database, name: string): Promise<string> {
  await db
    .insert(installSecrets)
    .values({ name, value: `whsec_${randomBytes(32).toString('base64url')}` })
    .onConflictDoNothing();
  const [row] = await db.select({ value: installSecrets.value }).from(installSecrets).where(eq(installSecrets.name, name));
  return row!.value;
}
