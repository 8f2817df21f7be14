import Stripe from 'stripe';
import { callStripe, stripeClient } from './stripe-call.ts';
import { intentStatuses, type IntentStatus } from '@core/schemas/payments.ts';
import {
  GatewayError,
  WebhookSignatureError,
  type CreateIntentInput,
  type GatewayCustomer,
  type GatewayEvent,
  type GatewayIntent,
  type GatewayPaymentMethod,
  type GatewayRefund,
  type PaymentGateway,
} from './gateway.ts';

export type StripeGatewayOptions = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | undefined;
  /** Contract tests point the SDK at a local HTTP server on loopback. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
};

function toStatus(status: string): IntentStatus {
  if ((intentStatuses as readonly string[]).includes(status)) return status as IntentStatus;
  // requires_confirmation and anything newer: not paid, not authorized.
  return 'requires_payment_method';
}

type StripeIntent = Stripe.PaymentIntent;

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

function toIntent(pi: StripeIntent): GatewayIntent {
  const method = typeof pi.payment_method === 'object' && pi.payment_method ? pi.payment_method : null;
  const card = method?.card ?? null;
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? '',
    status: toStatus(pi.status),
    amountCents: pi.amount,
    amountCapturableCents: pi.amount_capturable ?? 0,
    amountReceivedCents: pi.amount_received ?? 0,
    currency: pi.currency,
    metadata: { ...(pi.metadata ?? {}) },
    lastErrorMessage: pi.last_payment_error?.message ?? null,
    card: card ? { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year } : null,
    // Only an intent made to keep its card leaves a reusable one (setup_future_usage attaches it to the customer).
    paymentMethodRef: pi.setup_future_usage ? idOf(pi.payment_method) : null,
  };
}

/** Stripe through its SDK: manual capture, idempotency keys, signed webhooks (STRIPE_WEBHOOK_SECRET). */
export class StripeGateway implements PaymentGateway {
  readonly kind = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string | undefined;

  constructor(options: StripeGatewayOptions) {
    this.publishableKey = options.publishableKey;
    this.webhookSecret = options.webhookSecret;
    this.stripe = stripeClient(options);
  }

  async createIntent(input: CreateIntentInput): Promise<GatewayIntent> {
    const pi = await callStripe(() =>
      this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          capture_method: 'manual',
          automatic_payment_methods: { enabled: true },
          metadata: input.metadata,
          ...(input.customerRef ? { customer: input.customerRef } : {}),
          // A card can be kept only for a customer: without one the intent is paid as before, keeping nothing.
          ...(input.keepPaymentMethod && input.customerRef ? { setup_future_usage: 'off_session' as const } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return toIntent(pi);
  }

  async customerFor(customer: GatewayCustomer): Promise<string> {
    const created = await callStripe(() =>
      this.stripe.customers.create(
        { email: customer.email, name: customer.name, metadata: { userId: String(customer.id) } },
        // Two first payments at once make one customer (the key holds for Stripe's 24 hours; the table after that).
        { idempotencyKey: `glossly-customer-${customer.id}` },
      ),
    );
    return created.id;
  }

  async confirmWithPaymentMethod(intentId: string, ref: string): Promise<GatewayIntent> {
    return toIntent(
      await callStripe(() =>
        this.stripe.paymentIntents.confirm(
          intentId,
          { payment_method: ref, expand: ['payment_method'] },
          { idempotencyKey: `confirm-${intentId}-${ref}` },
        ),
      ),
    );
  }

  /** The Payment Request Button's payment method (Apple Pay, Google Pay), confirmed on the server like a kept card. */
  async confirmWithWallet(intentId: string, walletPaymentMethod: string): Promise<GatewayIntent> {
    return toIntent(
      await callStripe(() =>
        this.stripe.paymentIntents.confirm(
          intentId,
          { payment_method: walletPaymentMethod, expand: ['payment_method'] },
          { idempotencyKey: `wallet-${intentId}-${walletPaymentMethod}` },
        ),
      ),
    );
  }

  /** A kept card, or null once it is no longer its customer's (detached) or Stripe does not know it. */
  async retrievePaymentMethod(ref: string): Promise<GatewayPaymentMethod | null> {
    let method: Stripe.PaymentMethod;
    try {
      method = await this.stripe.paymentMethods.retrieve(ref);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error instanceof Stripe.errors.StripeError ? new GatewayError(error.message) : error;
    }
    if (!method.customer || !method.card) return null;
    return {
      ref: method.id,
      brand: method.card.brand,
      last4: method.card.last4,
      expMonth: method.card.exp_month,
      expYear: method.card.exp_year,
    };
  }

  async capture(intentId: string, amountCents?: number): Promise<GatewayIntent> {
    const params = amountCents === undefined ? {} : { amount_to_capture: amountCents };
    return toIntent(
      await callStripe(() =>
        this.stripe.paymentIntents.capture(intentId, params, { idempotencyKey: `capture-${intentId}-${amountCents ?? 'all'}` }),
      ),
    );
  }

  async cancel(intentId: string): Promise<GatewayIntent> {
    return toIntent(await callStripe(() => this.stripe.paymentIntents.cancel(intentId, {}, { idempotencyKey: `cancel-${intentId}` })));
  }

  async refund(intentId: string, amountCents: number, idempotencyKey?: string): Promise<GatewayRefund> {
    const refund = await callStripe(() =>
      this.stripe.refunds.create(
        { payment_intent: intentId, amount: amountCents },
        { idempotencyKey: idempotencyKey ?? `refund-${intentId}-${amountCents}` },
      ),
    );
    const status = refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' ? 'failed' : 'pending';
    return { id: refund.id, intentId, amountCents: refund.amount, status };
  }

  async detachPaymentMethod(ref: string): Promise<void> {
    try {
      await callStripe(() => this.stripe.paymentMethods.detach(ref));
    } catch (error) {
      // Already detached or unknown: the card is gone either way.
      if (!(error instanceof GatewayError)) throw error;
    }
  }

  async retrieve(intentId: string): Promise<GatewayIntent> {
    return toIntent(await callStripe(() => this.stripe.paymentIntents.retrieve(intentId, { expand: ['payment_method'] })));
  }

  parseWebhook(rawBody: string | Buffer, signatureHeader: string | undefined): GatewayEvent {
    if (!this.webhookSecret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set');
    if (!signatureHeader) throw new WebhookSignatureError('Missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signatureHeader, this.webhookSecret);
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature');
    }
    const object = (event.data as { object?: { object?: string; id?: string } }).object;
    const intentId = object?.object === 'payment_intent' && typeof object.id === 'string' ? object.id : null;
    return { id: event.id, type: event.type, created: event.created, intentId };
  }
}
