import Stripe from 'stripe';
import { callStripe, stripeClient } from '../../payments/gateways/stripe-call.ts';
import { GatewayError, WebhookSignatureError } from '../../payments/gateways/gateway.ts';
import type { BillingPlan, ChargeInput, ChargeOutcome, MembershipBillingGateway, StartInput, StartOutcome } from './billing-gateway.ts';

export type StripeBillingOptions = {
  secretKey: string;
  webhookSecret: string | undefined;
  /** Contract tests point the SDK at a local HTTP server on loopback. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
};

/** The Stripe Billing events memberships act on; every other type is acknowledged and ignored. */
export const billingEventTypes = [
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
] as const;

/** A verified Stripe Billing event: which subscription it is about, and what Stripe says of it. */
export type BillingEvent = {
  id: string;
  type: string;
  subscriptionRef: string | null;
  invoice: {
    id: string;
    /** Stripe's invoice status: paid, open (a payment failed and is retried), uncollectible, void, draft. */
    status: string;
    amountCents: number;
    billingReason: string | null;
    periodStart: Date | null;
    periodEnd: Date | null;
    failureMessage: string | null;
  } | null;
  subscription: { status: string; cancelAtPeriodEnd: boolean; currentPeriodStart: Date | null; currentPeriodEnd: Date | null } | null;
};

const fromSeconds = (seconds: unknown): Date | null => (typeof seconds === 'number' ? new Date(seconds * 1000) : null);

/**
 * Stripe Billing: a customer, a recurring price per plan, a subscription that charges the first month now and renews
 * itself; its webhooks move our membership (server/memberships/billing-webhook.ts).
 */
export class StripeMembershipBilling implements MembershipBillingGateway {
  readonly kind = 'stripe' as const;
  readonly renewsItself = true;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeBillingOptions) {
    this.stripe = stripeClient(options);
  }

  private async priceOf(plan: BillingPlan): Promise<string> {
    if (plan.stripePriceRef) return plan.stripePriceRef;
    const price = await callStripe(() =>
      this.stripe.prices.create(
        {
          currency: 'usd',
          unit_amount: plan.monthlyPriceCents,
          recurring: { interval: 'month' },
          product_data: { name: `Glossly ${plan.name}` },
        },
        { idempotencyKey: `membership-plan-${plan.id}-${plan.monthlyPriceCents}` },
      ),
    );
    return price.id;
  }

  async start(input: StartInput): Promise<StartOutcome> {
    const price = await this.priceOf(input.plan);
    const customer = await callStripe(() =>
      this.stripe.customers.create(
        { email: input.customer.email, name: input.customer.name, metadata: { userId: String(input.customer.id) } },
        { idempotencyKey: `membership-customer-${input.membershipId}` },
      ),
    );
    await callStripe(() => this.stripe.paymentMethods.attach(input.paymentMethodRef, { customer: customer.id }));
    const subscription = await callStripe(() =>
      this.stripe.subscriptions.create(
        {
          customer: customer.id,
          items: [{ price }],
          default_payment_method: input.paymentMethodRef,
          payment_behavior: 'allow_incomplete',
          metadata: { membershipId: String(input.membershipId) },
          // The SDK's API version keeps the invoice's payments in a list (no `payment_intent` on the invoice).
          expand: ['latest_invoice.payments'],
        },
        { idempotencyKey: `membership-subscription-${input.membershipId}` },
      ),
    );
    const invoice = subscription.latest_invoice as Loose | string | null;
    const ref = invoice && typeof invoice === 'object' ? String(invoice.id) : (invoice ?? subscription.id);
    if (subscription.status === 'active' || subscription.status === 'trialing')
      return { subscriptionRef: subscription.id, first: { status: 'paid', ref, errorMessage: null }, stripePriceRef: price };
    const intent = await this.firstIntentOf(invoice);
    let first: ChargeOutcome;
    if (intent?.status === 'requires_action') first = { status: 'requires_action', ref, errorMessage: null };
    else first = { status: 'failed', ref, errorMessage: intent?.last_payment_error?.message ?? 'Your card was declined.' };
    return { subscriptionRef: subscription.id, first, stripePriceRef: price };
  }

  /** The payment intent of a subscription's first invoice: why it is not paid (declined, or the bank asks to confirm). */
  private async firstIntentOf(invoice: Loose | string | null): Promise<Stripe.PaymentIntent | null> {
    if (!invoice || typeof invoice !== 'object') return null;
    const payment = (((invoice.payments as Loose | undefined)?.data as Loose[] | undefined)?.[0]?.payment as Loose | undefined) ?? {};
    const intent = payment.payment_intent ?? invoice.payment_intent;
    if (intent && typeof intent === 'object') return intent as unknown as Stripe.PaymentIntent;
    if (typeof intent !== 'string') return null;
    return callStripe(() => this.stripe.paymentIntents.retrieve(intent));
  }

  chargeInvoice(_input: ChargeInput): Promise<ChargeOutcome> {
    return Promise.reject(new GatewayError('Stripe Billing charges its own invoices'));
  }

  authenticate(): Promise<ChargeOutcome> {
    return Promise.reject(new GatewayError('Authentication happens with the payment provider'));
  }

  async changePlan(subscriptionRef: string, plan: BillingPlan, prorationCents: number): Promise<void> {
    const price = await this.priceOf(plan);
    const subscription = await callStripe(() => this.stripe.subscriptions.retrieve(subscriptionRef));
    const item = subscription.items.data[0];
    if (!item) throw new GatewayError('The subscription has no item to change');
    await callStripe(() =>
      this.stripe.subscriptions.update(subscriptionRef, {
        items: [{ id: item.id, price }],
        // An upgrade is invoiced now for the rest of the period; a downgrade waits for the next invoice.
        proration_behavior: prorationCents > 0 ? 'always_invoice' : 'none',
      }),
    );
  }

  async setCancelAtPeriodEnd(subscriptionRef: string, cancel: boolean): Promise<void> {
    await callStripe(() => this.stripe.subscriptions.update(subscriptionRef, { cancel_at_period_end: cancel }));
  }

  async cancelNow(subscriptionRef: string): Promise<void> {
    try {
      await callStripe(() => this.stripe.subscriptions.cancel(subscriptionRef));
    } catch (error) {
      // Already gone: canceled either way.
      if (!(error instanceof GatewayError)) throw error;
    }
  }

  /**
   * What Stripe says now of the invoice or subscription an event names: the event's id and type with the object read
   * back from Stripe, as the payments webhook reads its intent back. A body that lies (even one signed with a leaked
   * secret), or an event that arrives after a later one (Stripe does not keep their order), can only make us catch
   * up with Stripe's present state.
   */
  async readBack(event: BillingEvent): Promise<BillingEvent> {
    const current = event.invoice
      ? await callStripe(() => this.stripe.invoices.retrieve(event.invoice!.id))
      : event.subscriptionRef
        ? await callStripe(() => this.stripe.subscriptions.retrieve(event.subscriptionRef!))
        : null;
    if (!current) return event;
    return toBillingEvent({ id: event.id, type: event.type, data: { object: current } } as unknown as Stripe.Event);
  }

  /** Verifies the signature exactly as the payments webhook does (Stripe's SDK, STRIPE_WEBHOOK_SECRET). */
  parseWebhook(rawBody: string | Buffer, signatureHeader: string | undefined): BillingEvent {
    if (!this.options.webhookSecret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set');
    if (!signatureHeader) throw new WebhookSignatureError('Missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signatureHeader, this.options.webhookSecret);
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature');
    }
    return toBillingEvent(event);
  }
}

type Loose = Record<string, unknown>;

function toBillingEvent(event: Stripe.Event): BillingEvent {
  const object = (event.data as unknown as { object?: Loose }).object ?? {};
  const result: BillingEvent = { id: event.id, type: event.type, subscriptionRef: null, invoice: null, subscription: null };
  if (object.object === 'invoice') {
    const line = ((object.lines as Loose | undefined)?.data as Loose[] | undefined)?.[0];
    const period = (line?.period as Loose | undefined) ?? {};
    const parent = (object.parent as Loose | undefined)?.subscription_details as Loose | undefined;
    const subscription = object.subscription ?? parent?.subscription;
    result.subscriptionRef = typeof subscription === 'string' ? subscription : null;
    const lastError = (object.last_finalization_error as Loose | undefined)?.message;
    result.invoice = {
      id: String(object.id),
      status: String(object.status),
      amountCents: typeof object.amount_paid === 'number' && object.amount_paid > 0 ? object.amount_paid : Number(object.amount_due ?? 0),
      billingReason: typeof object.billing_reason === 'string' ? object.billing_reason : null,
      periodStart: fromSeconds(period.start),
      periodEnd: fromSeconds(period.end),
      failureMessage: typeof lastError === 'string' ? lastError : null,
    };
  } else if (object.object === 'subscription') {
    result.subscriptionRef = typeof object.id === 'string' ? object.id : null;
    const item = ((object.items as Loose | undefined)?.data as Loose[] | undefined)?.[0];
    result.subscription = {
      status: String(object.status),
      cancelAtPeriodEnd: object.cancel_at_period_end === true,
      currentPeriodStart: fromSeconds(object.current_period_start ?? item?.current_period_start),
      currentPeriodEnd: fromSeconds(object.current_period_end ?? item?.current_period_end),
    };
  }
  return result;
}
