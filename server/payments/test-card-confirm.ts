import { AppError, badRequest, conflict, notFound } from '@core/errors.ts';
import type { ConfirmWalletPaymentInput } from '@core/schemas/one-tap.ts';
import type { AuthenticateTestPaymentInput, ConfirmTestPaymentInput, IntentStatus, IntentStatusResponse } from '@core/schemas/payments.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { requireUser, type Actor } from '../identity/access.ts';
import type { GatewayIntent } from './gateways/gateway.ts';
import { gatewayFailure, statusResponse, type ChargeRow } from './payment-common.ts';
import { ownSavedCardRef, saveCardForUser } from './saved-card-service.ts';

/**
 * What a customer pays through its own gateway intent, kept in its own table: a booking's payment
 * (payment_intents) or a tip (tips). The steps of paying are the same; these say where the row is and what the
 * payment means.
 */
export interface Charge<Row extends ChargeRow> {
  bySecret(db: Database, clientSecret: string): Promise<Row | undefined>;
  reload(db: Database, row: Row): Promise<Row>;
  /** The answer for a cancelled charge that kept no error of its own. */
  canceledMessage: string;
  /** The status at which the card went through: a booking's is captured at completion, a tip's at once. */
  paidStatus: IntentStatus;
  /** Throws (409) when what the charge pays for can no longer be paid, before the card is charged. */
  assertPayable(ctx: AppContext, row: Row, now: Date): Promise<void>;
  /** The gateway's report applied to the row, with its money effect (ledger, booking, notices). */
  applyUpdate(ctx: AppContext, intent: GatewayIntent, now: Date): Promise<unknown>;
}

/** The charge behind a client secret, for its customer only (anyone else: the same 404 as a missing one). */
export async function ownCharge<Row extends ChargeRow>(
  db: Database,
  actor: Actor,
  charge: Charge<Row>,
  clientSecret: string,
): Promise<Row> {
  const user = requireUser(actor);
  const row = await charge.bySecret(db, clientSecret);
  if (!row || row.customerId !== user.id) throw notFound('Payment not found');
  return row;
}

/** The built-in gateway's card form (or a saved card) paying a charge; one already paid answers its status. */
export async function confirmChargeWithTestCard<Row extends ChargeRow>(
  ctx: AppContext,
  actor: Actor,
  now: Date,
  input: ConfirmTestPaymentInput,
  charge: Charge<Row>,
): Promise<IntentStatusResponse> {
  const { db, gateway } = ctx;
  const row = await ownCharge(db, actor, charge, input.clientSecret);
  if (!gateway.confirm || row.gateway !== gateway.kind) throw badRequest('Cards are confirmed with the payment provider for this payment');
  const settled = await settledOrPayable(ctx, row, now, charge);
  if (settled) return settled;
  const intent = await payWithTestCard(ctx, row.customerId, row.intentId, input);
  await charge.applyUpdate(ctx, intent, now);
  const after = await charge.reload(db, row);
  await saveCardIfAsked(ctx, row.customerId, now, input, after.status === charge.paidStatus);
  return statusResponse(after);
}

/**
 * Apple Pay or Google Pay (Stripe's Payment Request) or the built-in gateway's test wallet paying a charge, through the
 * same checks and update as a card (decision 051): the amount is the charge's, made by the server; the wallet only says
 * who pays.
 */
export async function confirmChargeWithWallet<Row extends ChargeRow>(
  ctx: AppContext,
  actor: Actor,
  now: Date,
  input: ConfirmWalletPaymentInput,
  charge: Charge<Row>,
): Promise<IntentStatusResponse> {
  const { db, gateway } = ctx;
  const row = await ownCharge(db, actor, charge, input.clientSecret);
  if (row.gateway !== gateway.kind) throw badRequest('This payment was started with another payment provider. Please start again.');
  const settled = await settledOrPayable(ctx, row, now, charge);
  if (settled) return settled;
  let intent: GatewayIntent;
  try {
    intent = await gateway.confirmWithWallet(row.intentId, input.walletPaymentMethod);
  } catch (error) {
    gatewayFailure(error);
  }
  await charge.applyUpdate(ctx, intent, now);
  return statusResponse(await charge.reload(db, row));
}

/** A charge already paid answers its status; a cancelled one, or one whose purpose moved on, is a 409; else null: pay it. */
async function settledOrPayable<Row extends ChargeRow>(
  ctx: AppContext,
  row: Row,
  now: Date,
  charge: Charge<Row>,
): Promise<IntentStatusResponse | null> {
  if (row.status === 'requires_capture' || row.status === 'succeeded') return statusResponse(row);
  if (row.status === 'canceled') throw conflict(row.lastError ?? charge.canceledMessage);
  await charge.assertPayable(ctx, row, now);
  return null;
}

/** The built-in gateway's 3-D Secure style page answering for a charge. */
export async function authenticateChargeWithTestGateway<Row extends ChargeRow>(
  ctx: AppContext,
  actor: Actor,
  now: Date,
  input: AuthenticateTestPaymentInput,
  charge: Charge<Row>,
): Promise<IntentStatusResponse> {
  const row = await ownCharge(ctx.db, actor, charge, input.clientSecret);
  const intent = await authenticateWithTestGateway(ctx.gateway, row.gateway, row.intentId, input.approve);
  await charge.applyUpdate(ctx, intent, now);
  return statusResponse(await charge.reload(ctx.db, row));
}

/**
 * The built-in gateway's card form paying an intent, or one of the customer's saved cards (`paymentMethodId`;
 * anyone else's card is the same 404 as a missing one, checked before the gateway is called).
 */
async function payWithTestCard(
  ctx: Pick<AppContext, 'db' | 'gateway'>,
  customerId: number,
  intentId: string,
  input: ConfirmTestPaymentInput,
): Promise<GatewayIntent> {
  const { db, gateway } = ctx;
  const savedRef = input.paymentMethodId === undefined ? null : await ownSavedCardRef(db, customerId, input.paymentMethodId);
  try {
    if (savedRef !== null) {
      if (!gateway.confirmWithPaymentMethod) throw badRequest('Saved cards are confirmed with the payment provider for this payment');
      return await gateway.confirmWithPaymentMethod(intentId, savedRef);
    }
    if (!input.card) throw badRequest('Card details are required', { card: 'Card details are required' });
    if (!gateway.confirm) throw badRequest('Cards are confirmed with the payment provider for this payment');
    return await gateway.confirm(intentId, input.card);
  } catch (error) {
    gatewayFailure(error);
  }
}

/**
 * Keeps the typed card as the customer's default when they asked ('Keep this card for next time') and the payment went
 * through; a card that cannot be saved (limit reached) is not a payment failure.
 */
async function saveCardIfAsked(
  ctx: AppContext,
  customerId: number,
  now: Date,
  input: ConfirmTestPaymentInput,
  paid: boolean,
): Promise<void> {
  if (!input.saveCard || !input.card || !paid) return;
  try {
    await saveCardForUser(ctx, customerId, now, input.card, { makeDefault: true });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
}

/** The built-in gateway's 3-D Secure style page answering for an intent made on `intentGateway`. */
async function authenticateWithTestGateway(
  gateway: AppContext['gateway'],
  intentGateway: string,
  intentId: string,
  approve: boolean,
): Promise<GatewayIntent> {
  if (!gateway.authenticate || intentGateway !== gateway.kind) throw badRequest('Authentication happens with the payment provider');
  try {
    return await gateway.authenticate(intentId, approve);
  } catch (error) {
    gatewayFailure(error);
  }
}
