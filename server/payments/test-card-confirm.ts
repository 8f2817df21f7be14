import { AppError, badRequest } from '@core/errors.ts';
import type { ConfirmTestPaymentInput } from '@core/schemas/payments.ts';
import type { AppContext } from '../context.ts';
import type { GatewayIntent } from './gateways/gateway.ts';
import { gatewayFailure } from './payment-common.ts';
import { ownSavedCardRef, saveCardForUser } from './saved-card-service.ts';

/**
 * The built-in gateway's card form paying an intent, or one of the customer's saved cards (`paymentMethodId`;
 * anyone else's card is the same 404 as a missing one, checked before the gateway is called). Booking checkout and
 * tips both pay this way; what the payment means is the caller's business.
 */
export async function payWithTestCard(
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
export async function saveCardIfAsked(
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

/** The built-in gateway's 3-D Secure style page answering for an intent (a booking's or a tip's) made on `intentGateway`. */
export async function authenticateWithTestGateway(
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
