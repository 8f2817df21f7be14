import Stripe from 'stripe';
import { GatewayError } from './gateway.ts';

/**
 * One Stripe API call with Stripe's own refusals (a declined card, a bad request, a missing object) turned into a
 * GatewayError carrying Stripe's message, for the payments and the membership billing adapters alike; anything else
 * (our bug, a broken network) is thrown as it is.
 */
export async function callStripe<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) throw new GatewayError(error.message);
    throw error;
  }
}
