import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { cardBrand, digitsOnly, isExpiryValid, isLuhnValid } from '@core/domain/card.ts';
import { testWalletPaymentMethod } from '@core/schemas/one-tap.ts';
import type { Database } from '../../db/client.ts';
import { testGatewayIntents, testGatewayPaymentMethods, testGatewayRefunds } from '../../db/schema.ts';
import {
  GatewayError,
  WebhookSignatureError,
  webhookEventSchema,
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
  authenticationFailed: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  incorrectNumber: 'Your card number is incorrect.',
  expired: 'Your card has expired.',
} as const;

/** Where the gateway posts its signed events: the app's POST /api/payments/webhook. */
export type WebhookDelivery = (body: string, signatureHeader: string) => Promise<void>;

export type TestGatewayOptions = {
  /** Where the gateway keeps its side of things (intents, saved cards, refunds): they survive a restart. */
  db: Database;
  webhookSecret: string;
  now: () => Date;
  deliver?: WebhookDelivery;
};

/** What a saved test card does when it pays, decided once from its number (which is then forgotten). */
type CardBehaviour = 'authorize' | 'decline' | 'insufficientFunds' | 'authenticate';
type SavedTestCard = GatewayPaymentMethod & { behaviour: CardBehaviour };
type CardOnIntent = NonNullable<GatewayIntent['card']>;
/** The built-in gateway's intent record: whether it keeps the card it is paid with, as Stripe's setup_future_usage. */
type TestIntent = GatewayIntent & { keepPaymentMethod?: boolean };

const token = (bytes = 12) => randomBytes(bytes).toString('hex');

function behaviourOf(number: string): CardBehaviour {
  switch (number) {
    case testCards.declined:
      return 'decline';
    case testCards.insufficientFunds:
      return 'insufficientFunds';
    case testCards.authenticationRequired:
      return 'authenticate';
    default:
      return 'authorize';
  }
}

/**
 * The built-in gateway (the default): Stripe's payment-intent semantics in process, no network. It keeps its
 * records in its own tables, as a remote gateway keeps them on its side, so an authorization it granted is
 * still there to capture after a restart. It never keeps a card number.
 */
export class TestGateway implements PaymentGateway {
  readonly kind = 'test' as const;
  readonly publishableKey = null;
  /** Every event it signed and sent since it started, oldest first (tests replay them). */
  readonly sentEvents: { id: string; body: string; signatureHeader: string }[] = [];
  private readonly db: Database;
  private deliver: WebhookDelivery | undefined;

  constructor(private readonly options: TestGatewayOptions) {
    this.db = options.db;
    this.deliver = options.deliver;
  }

  setDelivery(deliver: WebhookDelivery | undefined): void {
    this.deliver = deliver;
  }

  async createIntent(input: CreateIntentInput): Promise<GatewayIntent> {
    if (!Number.isInteger(input.amountCents) || input.amountCents < 50) {
      throw new GatewayError('Amount must be at least $0.50 usd');
    }
    const id = `pi_test_${token()}`;
    const intent: TestIntent = {
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
      paymentMethodRef: null,
      ...(input.keepPaymentMethod ? { keepPaymentMethod: true } : {}),
    };
    // Same key, same intent: the unique key decides between two concurrent requests.
    await this.db
      .insert(testGatewayIntents)
      .values({ id, idempotencyKey: input.idempotencyKey, amountCents: input.amountCents, data: intent })
      .onConflictDoNothing({ target: testGatewayIntents.idempotencyKey });
    const [stored] = await this.db.select().from(testGatewayIntents).where(eq(testGatewayIntents.idempotencyKey, input.idempotencyKey));
    if (stored!.amountCents !== input.amountCents) {
      throw new GatewayError('Keys for idempotent requests can only be used with the same parameters they were first used with.');
    }
    return stored!.data as GatewayIntent;
  }

  async confirm(intentId: string, card: TestCard): Promise<GatewayIntent> {
    const number = digitsOnly(card.number);
    const shown = { brand: cardBrand(number), last4: number.slice(-4), expMonth: card.expMonth, expYear: card.expYear };
    if (!isLuhnValid(card.number)) return this.confirmCard(intentId, shown, declineMessages.incorrectNumber);
    const behaviour = behaviourOf(number);
    // An intent made to keep its card (setup_future_usage) saves it as a reusable payment method when it pays.
    const keeps = ((await this.retrieve(intentId)) as TestIntent).keepPaymentMethod === true;
    if (!keeps) return this.confirmCard(intentId, shown, behaviour);
    const ref = `pm_test_${token()}`;
    await this.db.insert(testGatewayPaymentMethods).values({ ref, data: { ...shown, ref, behaviour } satisfies SavedTestCard });
    const confirmed = await this.confirmCard(intentId, shown, behaviour, ref);
    if (confirmed.paymentMethodRef !== ref) await this.detachPaymentMethod(ref);
    return confirmed;
  }

  /** Pays with a saved card: the same outcomes as typing its number (decline, 3-D Secure, authorized). */
  async confirmWithPaymentMethod(intentId: string, ref: string): Promise<GatewayIntent> {
    const saved = await this.savedCard(ref);
    if (!saved) throw new GatewayError(`No such PaymentMethod: '${ref}'`);
    const { behaviour, ref: _ref, ...shown } = saved;
    return this.confirmCard(intentId, shown, behaviour, ref);
  }

  /** The test wallet's sheet: its card (a Visa ending 4242, valid for years) pays like a typed card that authorizes. */
  async confirmWithWallet(intentId: string, walletPaymentMethod: string): Promise<GatewayIntent> {
    if (walletPaymentMethod !== testWalletPaymentMethod) throw new GatewayError(`No such PaymentMethod: '${walletPaymentMethod}'`);
    const year = this.options.now().getUTCFullYear() + 3;
    return this.confirmCard(intentId, { brand: 'visa', last4: '4242', expMonth: 12, expYear: year }, 'authorize');
  }

  /**
   * `outcome` is what the card does, or the message of a card refused before it reached the network; `ref` the
   * reusable card behind it, set on the intent once the card is accepted (authorized or sent to authentication).
   */
  private async confirmCard(
    intentId: string,
    card: CardOnIntent,
    outcome: CardBehaviour | string,
    ref: string | null = null,
  ): Promise<GatewayIntent> {
    const expired = !isExpiryValid(card.expMonth, card.expYear, this.options.now());
    const behaviour = expired ? declineMessages.expired : outcome;
    const updated = await this.update(intentId, (intent) => {
      if (intent.status !== 'requires_payment_method') {
        throw new GatewayError(`This PaymentIntent's status is ${intent.status}; it cannot be confirmed again.`);
      }
      intent.card = card;
      switch (behaviour) {
        case 'authorize':
          return authorized({ ...intent, paymentMethodRef: ref });
        case 'authenticate':
          return { ...intent, paymentMethodRef: ref, status: 'requires_action', lastErrorMessage: null };
        case 'decline':
          return refused(intent, declineMessages.declined);
        case 'insufficientFunds':
          return refused(intent, declineMessages.insufficientFunds);
        default:
          return refused(intent, behaviour);
      }
    });
    await this.emit(eventTypeOf(updated), updated);
    return updated;
  }

  /** The 3-D Secure style step: the customer approves or fails the challenge. */
  async authenticate(intentId: string, approve: boolean): Promise<GatewayIntent> {
    const updated = await this.update(intentId, (intent) => {
      if (intent.status !== 'requires_action') {
        throw new GatewayError(`This PaymentIntent's status is ${intent.status}; there is nothing to authenticate.`);
      }
      return approve ? authorized(intent) : refused(intent, declineMessages.authenticationFailed);
    });
    await this.emit(eventTypeOf(updated), updated);
    return updated;
  }

  async capture(intentId: string, amountCents?: number): Promise<GatewayIntent> {
    const updated = await this.update(intentId, (intent) => {
      if (intent.status !== 'requires_capture') {
        throw new GatewayError(`This PaymentIntent could not be captured because it has a status of ${intent.status}.`);
      }
      const amount = amountCents ?? intent.amountCapturableCents;
      if (!Number.isInteger(amount) || amount <= 0 || amount > intent.amountCapturableCents) {
        throw new GatewayError('The amount to capture must be positive and at most the amount capturable.');
      }
      return { ...intent, status: 'succeeded', amountReceivedCents: amount, amountCapturableCents: 0 };
    });
    await this.emit('payment_intent.succeeded', updated);
    return updated;
  }

  async cancel(intentId: string): Promise<GatewayIntent> {
    const updated = await this.update(intentId, (intent) => {
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        throw new GatewayError(`You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`);
      }
      return { ...intent, status: 'canceled', amountCapturableCents: 0 };
    });
    await this.emit('payment_intent.canceled', updated);
    return updated;
  }

  async refund(intentId: string, amountCents: number, idempotencyKey = `refund_${token()}`): Promise<GatewayRefund> {
    const refund: GatewayRefund = { id: `re_test_${token()}`, intentId, amountCents, status: 'succeeded' };
    let refunded: GatewayIntent | null = null;
    const result = await this.db.transaction(async (tx) => {
      const [earlier] = await tx
        .select()
        .from(testGatewayRefunds)
        .where(eq(testGatewayRefunds.idempotencyKey, idempotencyKey))
        .for('update');
      if (earlier) return earlier.data as GatewayRefund;
      refunded = await updateIntent(tx, intentId, (intent) => {
        if (intent.status !== 'succeeded') throw new GatewayError('Only a captured payment can be refunded.');
        if (!Number.isInteger(amountCents) || amountCents <= 0 || amountCents > intent.amountReceivedCents) {
          throw new GatewayError('The refund must be positive and at most the amount captured.');
        }
        return { ...intent, amountReceivedCents: intent.amountReceivedCents - amountCents };
      });
      await tx.insert(testGatewayRefunds).values({ idempotencyKey, intentId, data: refund });
      return refund;
    });
    if (refunded) await this.emit('charge.refunded', refunded);
    return result;
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
    const saved: SavedTestCard = { ...method, behaviour: behaviourOf(number) };
    await this.db.insert(testGatewayPaymentMethods).values({ ref: method.ref, data: saved });
    return method;
  }

  async detachPaymentMethod(ref: string): Promise<void> {
    await this.db.delete(testGatewayPaymentMethods).where(eq(testGatewayPaymentMethods.ref, ref));
  }

  async retrievePaymentMethod(ref: string): Promise<GatewayPaymentMethod | null> {
    const saved = await this.savedCard(ref);
    if (!saved) return null;
    const { behaviour: _behaviour, ...method } = saved;
    return method;
  }

  /** Whether the gateway still holds a saved card (tests check that removing a card detaches it). */
  async hasPaymentMethod(ref: string): Promise<boolean> {
    return (await this.savedCard(ref)) !== null;
  }

  async retrieve(intentId: string): Promise<GatewayIntent> {
    const [row] = await this.db.select().from(testGatewayIntents).where(eq(testGatewayIntents.id, intentId));
    if (!row) throw new GatewayError(`No such payment_intent: '${intentId}'`);
    return row.data as GatewayIntent;
  }

  parseWebhook(rawBody: string | Buffer, signatureHeader: string | undefined): GatewayEvent {
    const body = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
    const nowSeconds = Math.floor(this.options.now().getTime() / 1000);
    verifyWebhookSignature(body, signatureHeader, this.options.webhookSecret, nowSeconds, webhookToleranceSeconds);
    return parseEventBody(body);
  }

  private async savedCard(ref: string): Promise<SavedTestCard | null> {
    const [row] = await this.db.select().from(testGatewayPaymentMethods).where(eq(testGatewayPaymentMethods.ref, ref));
    return row ? (row.data as SavedTestCard) : null;
  }

  private update(intentId: string, change: (intent: GatewayIntent) => GatewayIntent): Promise<GatewayIntent> {
    return this.db.transaction((tx) => updateIntent(tx, intentId, change));
  }

  /** Signs the event as Stripe does and posts it to the webhook route; delivery problems never undo the move. */
  private async emit(type: string, intent: GatewayIntent): Promise<void> {
    const created = Math.floor(this.options.now().getTime() / 1000);
    const id = `evt_test_${token()}`;
    const body = JSON.stringify({ id, object: 'event', type, created, data: { object: intent } });
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

/** One move of an intent, under a row lock: two concurrent captures or refunds cannot both pass the checks. */
async function updateIntent(tx: Database, intentId: string, change: (intent: GatewayIntent) => GatewayIntent): Promise<GatewayIntent> {
  const [row] = await tx.select().from(testGatewayIntents).where(eq(testGatewayIntents.id, intentId)).for('update');
  if (!row) throw new GatewayError(`No such payment_intent: '${intentId}'`);
  const intent = change(structuredClone(row.data as GatewayIntent));
  await tx
    .update(testGatewayIntents)
    .set({ data: intent, updatedAt: sql`now()` })
    .where(eq(testGatewayIntents.id, intentId));
  return intent;
}

const authorized = (intent: GatewayIntent): GatewayIntent => ({
  ...intent,
  status: 'requires_capture',
  amountCapturableCents: intent.amountCents,
  lastErrorMessage: null,
});

const refused = (intent: GatewayIntent, message: string): GatewayIntent => ({
  ...intent,
  paymentMethodRef: null,
  status: 'requires_payment_method',
  lastErrorMessage: message,
});

function eventTypeOf(intent: GatewayIntent): string {
  if (intent.status === 'requires_capture') return 'payment_intent.amount_capturable_updated';
  if (intent.status === 'requires_action') return 'payment_intent.requires_action';
  return 'payment_intent.payment_failed';
}

/**
 * A verified body still has to be an event: a signed array, string or event without an object id is junk
 * (400). Only the intent's id is taken from it; the webhook handler re-reads the intent from the gateway.
 */
export function parseEventBody(body: string): GatewayEvent {
  let event: unknown;
  try {
    event = JSON.parse(body);
  } catch {
    throw new WebhookSignatureError('The event body is not JSON');
  }
  const parsed = webhookEventSchema.safeParse(event);
  if (!parsed.success) throw new WebhookSignatureError('The event body is not a payment event');
  const { id, type, created, data } = parsed.data;
  return { id, type, created, intentId: data.object.id.startsWith('pi_') ? data.object.id : null };
}
