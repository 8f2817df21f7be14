import { randomBytes } from 'node:crypto';
import { cardBrand, digitsOnly, isExpiryValid, isLuhnValid } from '@core/domain/card.ts';
import {
  GatewayError,
  type CreateIntentInput,
  type GatewayEvent,
  type GatewayIntent,
  type GatewayPaymentMethod,
  type GatewayRefund,
  type PaymentGateway,
  type TestCard,
} from './gateway.ts';
import { signWebhook, verifyWebhookSignature, webhookToleranceSeconds } from './webhook-signature.ts';

/** The test cards of PRODUCT.md and what each does, in Stripe's words. */
export const testCards = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  authenticationRequired: '4000002500003155',
} as const;

export const declineMessages = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  incorrectNumber: 'Your card number is incorrect.',
  expired: 'Your card has expired.',
} as const;

/** Where the gateway posts its signed events: the app's POST /api/payments/webhook. */
export type WebhookDelivery = (body: string, signatureHeader: string) => Promise<void>;

export type TestGatewayOptions = {
  webhookSecret: string;
  now: () => Date;
  deliver?: WebhookDelivery;
};

const token = (bytes = 12) => randomBytes(bytes).toString('hex');

/**
 * The built-in gateway (the default): Stripe's payment-intent semantics in process, no network. It keeps
 * intents in memory, as a remote gateway would keep them on its side; it never keeps a card number.
 */
export class TestGateway implements PaymentGateway {
  readonly kind = 'test' as const;
  readonly publishableKey = null;
  /** Every event it signed and sent, oldest first (tests replay them). */
  readonly sentEvents: { id: string; body: string; signatureHeader: string }[] = [];
  private readonly intents = new Map<string, GatewayIntent>();
  private readonly byIdempotencyKey = new Map<string, { intentId: string; amountCents: number }>();
  private readonly refunds = new Map<string, GatewayRefund>();
  private readonly paymentMethods = new Map<string, GatewayPaymentMethod>();
  /** What a remote gateway keeps on its side for a saved card: the card a `pm_test_…` reference stands for. */
  private readonly paymentMethodCards = new Map<string, TestCard>();
  private deliver: WebhookDelivery | undefined;

  constructor(private readonly options: TestGatewayOptions) {
    this.deliver = options.deliver;
  }

  setDelivery(deliver: WebhookDelivery | undefined): void {
    this.deliver = deliver;
  }

  async createIntent(input: CreateIntentInput): Promise<GatewayIntent> {
    if (!Number.isInteger(input.amountCents) || input.amountCents < 50) {
      throw new GatewayError('Amount must be at least $0.50 usd');
    }
    const existing = this.byIdempotencyKey.get(input.idempotencyKey);
    if (existing) {
      if (existing.amountCents !== input.amountCents) {
        throw new GatewayError('Keys for idempotent requests can only be used with the same parameters they were first used with.');
      }
      return this.copy(this.get(existing.intentId));
    }
    const id = `pi_test_${token()}`;
    const intent: GatewayIntent = {
      id,
      clientSecret: `${id}_secret_${token(16)}`,
      status: 'requires_payment_method',
      amountCents: input.amountCents,
      amountCapturableCents: 0,
      amountReceivedCents: 0,
      currency: input.currency,
      metadata: { ...input.metadata },
      lastErrorMessage: null,
      card: null,
    };
    this.intents.set(id, intent);
    this.byIdempotencyKey.set(input.idempotencyKey, { intentId: id, amountCents: input.amountCents });
    return this.copy(intent);
  }

  async confirm(intentId: string, card: TestCard): Promise<GatewayIntent> {
    return this.confirmCard(this.get(intentId), card);
  }

  /** Pays with a saved card: the same outcomes as typing its number (decline, 3-D Secure, authorized). */
  async confirmWithPaymentMethod(intentId: string, ref: string): Promise<GatewayIntent> {
    const intent = this.get(intentId);
    const card = this.paymentMethodCards.get(ref);
    if (!card) throw new GatewayError(`No such PaymentMethod: '${ref}'`);
    return this.confirmCard(intent, card);
  }

  private async confirmCard(intent: GatewayIntent, card: TestCard): Promise<GatewayIntent> {
    if (intent.status !== 'requires_payment_method') {
      throw new GatewayError(`This PaymentIntent's status is ${intent.status}; it cannot be confirmed again.`);
    }
    const number = digitsOnly(card.number);
    const last4 = number.slice(-4);
    intent.card = { brand: cardBrand(number), last4, expMonth: card.expMonth, expYear: card.expYear };
    const refuse = (message: string) => this.fail(intent, message);
    if (!isLuhnValid(card.number)) return refuse(declineMessages.incorrectNumber);
    if (!isExpiryValid(card.expMonth, card.expYear, this.options.now())) return refuse(declineMessages.expired);
    switch (number) {
      case testCards.declined:
        return refuse(declineMessages.declined);
      case testCards.insufficientFunds:
        return refuse(declineMessages.insufficientFunds);
      case testCards.authenticationRequired:
        intent.status = 'requires_action';
        intent.lastErrorMessage = null;
        await this.emit('payment_intent.requires_action', intent);
        return this.copy(intent);
      default:
        return this.authorize(intent);
    }
  }

  /** The 3-D Secure style step: the customer approves or fails the challenge. */
  async authenticate(intentId: string, approve: boolean): Promise<GatewayIntent> {
    const intent = this.get(intentId);
    if (intent.status !== 'requires_action') {
      throw new GatewayError(`This PaymentIntent's status is ${intent.status}; there is nothing to authenticate.`);
    }
    return approve ? this.authorize(intent) : this.fail(intent, declineMessages.authenticationFailed);
  }

  async capture(intentId: string, amountCents?: number): Promise<GatewayIntent> {
    const intent = this.get(intentId);
    if (intent.status !== 'requires_capture') {
      throw new GatewayError(`This PaymentIntent could not be captured because it has a status of ${intent.status}.`);
    }
    const amount = amountCents ?? intent.amountCapturableCents;
    if (!Number.isInteger(amount) || amount <= 0 || amount > intent.amountCapturableCents) {
      throw new GatewayError('The amount to capture must be positive and at most the amount capturable.');
    }
    intent.status = 'succeeded';
    intent.amountReceivedCents = amount;
    intent.amountCapturableCents = 0;
    await this.emit('payment_intent.succeeded', intent);
    return this.copy(intent);
  }

  async cancel(intentId: string): Promise<GatewayIntent> {
    const intent = this.get(intentId);
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw new GatewayError(`You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`);
    }
    intent.status = 'canceled';
    intent.amountCapturableCents = 0;
    await this.emit('payment_intent.canceled', intent);
    return this.copy(intent);
  }

  async refund(intentId: string, amountCents: number, idempotencyKey?: string): Promise<GatewayRefund> {
    const earlier = idempotencyKey ? this.refunds.get(idempotencyKey) : undefined;
    if (earlier) return { ...earlier };
    const intent = this.get(intentId);
    if (intent.status !== 'succeeded') throw new GatewayError('Only a captured payment can be refunded.');
    if (!Number.isInteger(amountCents) || amountCents <= 0 || amountCents > intent.amountReceivedCents) {
      throw new GatewayError('The refund must be positive and at most the amount captured.');
    }
    intent.amountReceivedCents -= amountCents;
    await this.emit('charge.refunded', intent);
    const refund: GatewayRefund = { id: `re_test_${token()}`, intentId, amountCents, status: 'succeeded' };
    if (idempotencyKey) this.refunds.set(idempotencyKey, refund);
    return { ...refund };
  }

  /** Saves a card as a reusable reference (pm_test_...): the same checks as a payment, nothing charged. */
  async createPaymentMethod(card: TestCard): Promise<GatewayPaymentMethod> {
    const number = digitsOnly(card.number);
    if (!isLuhnValid(card.number)) throw new GatewayError(declineMessages.incorrectNumber);
    if (!isExpiryValid(card.expMonth, card.expYear, this.options.now())) throw new GatewayError(declineMessages.expired);
    if (number === testCards.declined) throw new GatewayError(declineMessages.declined);
    const method: GatewayPaymentMethod = {
      ref: `pm_test_${token()}`,
      brand: cardBrand(number),
      last4: number.slice(-4),
      expMonth: card.expMonth,
      expYear: card.expYear,
    };
    this.paymentMethods.set(method.ref, method);
    this.paymentMethodCards.set(method.ref, { ...card, number });
    return { ...method };
  }

  async detachPaymentMethod(ref: string): Promise<void> {
    this.paymentMethods.delete(ref);
    this.paymentMethodCards.delete(ref);
  }

  /** Whether the gateway still holds a saved card (tests check that removing a card detaches it). */
  hasPaymentMethod(ref: string): boolean {
    return this.paymentMethods.has(ref);
  }

  async retrieve(intentId: string): Promise<GatewayIntent> {
    return this.copy(this.get(intentId));
  }

  parseWebhook(rawBody: string | Buffer, signatureHeader: string | undefined): GatewayEvent {
    const body = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
    const nowSeconds = Math.floor(this.options.now().getTime() / 1000);
    verifyWebhookSignature(body, signatureHeader, this.options.webhookSecret, nowSeconds, webhookToleranceSeconds);
    const event = JSON.parse(body) as { id: string; type: string; created: number; data: { object: GatewayIntent } };
    return { id: event.id, type: event.type, created: event.created, intent: event.data?.object ?? null };
  }

  private authorize(intent: GatewayIntent): Promise<GatewayIntent> {
    intent.status = 'requires_capture';
    intent.amountCapturableCents = intent.amountCents;
    intent.lastErrorMessage = null;
    return this.emit('payment_intent.amount_capturable_updated', intent).then(() => this.copy(intent));
  }

  private async fail(intent: GatewayIntent, message: string): Promise<GatewayIntent> {
    intent.status = 'requires_payment_method';
    intent.lastErrorMessage = message;
    await this.emit('payment_intent.payment_failed', intent);
    return this.copy(intent);
  }

  private get(intentId: string): GatewayIntent {
    const intent = this.intents.get(intentId);
    if (!intent) throw new GatewayError(`No such payment_intent: '${intentId}'`);
    return intent;
  }

  private copy(intent: GatewayIntent): GatewayIntent {
    return { ...intent, metadata: { ...intent.metadata }, card: intent.card ? { ...intent.card } : null };
  }

  /** Signs the event as Stripe does and posts it to the webhook route; delivery problems never undo the move. */
  private async emit(type: string, intent: GatewayIntent): Promise<void> {
    const created = Math.floor(this.options.now().getTime() / 1000);
    const id = `evt_test_${token()}`;
    const body = JSON.stringify({ id, object: 'event', type, created, data: { object: this.copy(intent) } });
    const signatureHeader = signWebhook(body, this.options.webhookSecret, created);
    this.sentEvents.push({ id, body, signatureHeader });
    if (!this.deliver) return;
    try {
      await this.deliver(body, signatureHeader);
    } catch {
      // A real gateway retries later; the payment service also reads the intent back after each call.
    }
  }
}
