import { z } from 'zod';
import type { GatewayKind, IntentStatus } from '@core/schemas/payments.ts';

/** A payment intent as Glossly sees it, whichever gateway holds it. Amounts in cents. */
export type GatewayIntent = {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  amountCents: number;
  /** What may still be captured (the authorization) while status is requires_capture. */
  amountCapturableCents: number;
  amountReceivedCents: number;
  currency: string;
  metadata: Record<string, string>;
  /** The card network's message for the last refused attempt ('Your card was declined.'). */
  lastErrorMessage: string | null;
  /** Only brand and last four digits ever leave the card form. */
  card: { brand: string; last4: string; expMonth: number; expYear: number } | null;
  /**
   * The reusable card the intent was paid with, when the intent was made to keep it (`keepPaymentMethod`, Stripe's
   * payment_method after setup_future_usage): a tip for the same booking is paid with it in one tap.
   */
  paymentMethodRef?: string | null;
};

/** A card saved with the gateway: its reusable reference, brand and last four digits (never the number). */
export type GatewayPaymentMethod = { ref: string; brand: string; last4: string; expMonth: number; expYear: number };

export type GatewayRefund = { id: string; intentId: string; amountCents: number; status: 'succeeded' | 'pending' | 'failed' };

/** The events Glossly acts on; every other type is acknowledged and ignored. */
export const handledEventTypes = [
  'payment_intent.amount_capturable_updated',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'payment_intent.requires_action',
  'payment_intent.processing',
] as const;

/**
 * A webhook event whose signature was verified. Only the intent's id is kept: whatever the body says about
 * amounts and statuses, the handler reads the intent back from the gateway before applying anything.
 */
export type GatewayEvent = { id: string; type: string; created: number; intentId: string | null };

/** The parts of a signed event body Glossly reads (Stripe's event shape); anything else is junk. */
export const webhookEventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: z.number().int().nonnegative(),
  data: z.object({ object: z.object({ id: z.string().min(1).max(255) }) }),
});

export type CreateIntentInput = {
  amountCents: number;
  currency: 'usd';
  /** Same key, same intent: a replayed request never authorizes twice. */
  idempotencyKey: string;
  metadata: Record<string, string>;
  /** Keep the card it is paid with for the customer's later payments (Stripe's setup_future_usage: 'off_session'). */
  keepPaymentMethod?: boolean;
  /** The gateway's customer the intent belongs to (customerFor), where the gateway has them: a kept card is theirs. */
  customerRef?: string;
};

/** Who a gateway customer record is for: the Glossly customer, by id, address and name. */
export type GatewayCustomer = { id: number; email: string; name: string };

/** Card details as the built-in gateway's form sends them (never stored). */
export type TestCard = { number: string; expMonth: number; expYear: number; cvc: string; zip: string };

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** A gateway refused an operation (a card decline is not this: it is an intent status). */
export class GatewayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayError';
  }
}

/**
 * Payment intents with manual capture: authorize at booking, capture at completion (PRODUCT.md "Payments").
 * The built-in test gateway and the Stripe adapter implement it; the payment service never knows which.
 */
export interface PaymentGateway {
  readonly kind: GatewayKind;
  /** Given to the browser: Stripe's publishable key, null for the test gateway. */
  readonly publishableKey: string | null;
  createIntent(input: CreateIntentInput): Promise<GatewayIntent>;
  /** The test gateway's card form; Stripe confirms in the browser with stripe.js instead. */
  confirm?(intentId: string, card: TestCard): Promise<GatewayIntent>;
  /**
   * A kept card paying an intent: the test gateway's `pm_test_…` reference, or Stripe's payment method of the intent's
   * customer (confirmed on the server, for the one-tap tip; a bank that asks for authentication answers requires_action).
   */
  confirmWithPaymentMethod?(intentId: string, ref: string): Promise<GatewayIntent>;
  /**
   * A wallet (Apple Pay, Google Pay) paying an intent, confirmed here as a card is: Stripe's payment method from its
   * Payment Request Button (`pm_…`, made in the browser), or the built-in gateway's test wallet (`testWalletPaymentMethod`).
   * The amount is the intent's: a wallet sheet only shows it.
   */
  confirmWithWallet(intentId: string, walletPaymentMethod: string): Promise<GatewayIntent>;
  /**
   * The gateway's own customer record for a Glossly customer (Stripe's Customer), which a kept card must belong to;
   * absent where cards are kept without one (the built-in gateway). Called once per customer (payment_customers).
   */
  customerFor?(customer: GatewayCustomer): Promise<string>;
  /** The test gateway's 3-D Secure style page. */
  authenticate?(intentId: string, approve: boolean): Promise<GatewayIntent>;
  /** Takes the money; amountCents below the authorization captures part and releases the rest. */
  capture(intentId: string, amountCents?: number): Promise<GatewayIntent>;
  /** Releases an authorization (or abandons an intent never paid). */
  cancel(intentId: string): Promise<GatewayIntent>;
  /** idempotencyKey: one per refund asked for, so a retried request never refunds twice. */
  refund(intentId: string, amountCents: number, idempotencyKey?: string): Promise<GatewayRefund>;
  /** The built-in gateway's "save card" (/payment-methods); with Stripe cards are saved in the browser instead. */
  createPaymentMethod?(card: TestCard): Promise<GatewayPaymentMethod>;
  /** A saved card by its reference, or null once it is gone (detached): what the one-tap tip offers. */
  retrievePaymentMethod?(ref: string): Promise<GatewayPaymentMethod | null>;
  /** Forgets a saved card; an unknown reference is not an error. */
  detachPaymentMethod(ref: string): Promise<void>;
  retrieve(intentId: string): Promise<GatewayIntent>;
  /** Verifies the signature (throws WebhookSignatureError) and returns the event. */
  parseWebhook(rawBody: string | Buffer, signatureHeader: string | undefined): GatewayEvent;
}

/** The intent id inside a client secret (`pi_..._secret_...`), as Stripe writes them. */
export function intentIdFromClientSecret(clientSecret: string): string | null {
  const match = /^(pi_[A-Za-z0-9_]+?)_secret_[A-Za-z0-9]+$/.exec(clientSecret);
  return match ? match[1]! : null;
}
