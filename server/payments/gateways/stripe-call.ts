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

/** Where a Stripe client sends its calls: Stripe itself, or (host, port, protocol) the loopback Stripe of the tests. */
export type StripeEndpoint = { secretKey: string; host?: string; port?: number; protocol?: 'http' | 'https' };

/**
 * A Stripe client as the payments, membership billing and payout adapters each hold one: two retries of a call the
 * network lost, 20 seconds for an answer, no telemetry.
 */
export function stripeClient(endpoint: StripeEndpoint): Stripe {
  return new Stripe(endpoint.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(endpoint.host ? { host: endpoint.host } : {}),
    ...(endpoint.port ? { port: endpoint.port } : {}),
    ...(endpoint.protocol ? { protocol: endpoint.protocol } : {}),
  });
}
