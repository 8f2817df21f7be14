import { and, eq } from 'drizzle-orm';
import { conflict } from '@core/errors.ts';
import type { IntentStatus, IntentStatusResponse } from '@core/schemas/payments.ts';
import type { AppContext } from '../context.ts';
import { paymentCustomers, type paymentIntents } from '../db/schema.ts';
import { GatewayError, type GatewayCustomer, type GatewayIntent } from './gateways/gateway.ts';

/** What the payment services share: intent statuses and their messages. */

export type IntentRow = typeof paymentIntents.$inferSelect;

/** Statuses from which an intent may still be paid. */
export const openStatuses: IntentStatus[] = ['requires_payment_method', 'requires_action', 'processing'];

export const creditsChangedMessage = 'Your referral credits changed while you were paying. Please try again.';
export const bookingNotAwaitingPaymentMessage = 'This booking is no longer awaiting payment.';

/** A row that holds one gateway intent a customer pays: a booking's payment intent or a tip. */
export type ChargeRow = Pick<IntentRow, 'customerId' | 'bookingId' | 'intentId' | 'gateway' | 'status' | 'lastError' | 'amountCents'>;

export function statusResponse(row: ChargeRow): IntentStatusResponse {
  return { status: row.status, errorMessage: row.lastError, amountCents: row.amountCents, bookingId: row.bookingId };
}

/** A gateway that refuses an operation answers 409 with its message; anything else is a real failure. */
export function gatewayFailure(error: unknown): never {
  if (error instanceof GatewayError) throw conflict(error.message);
  throw error;
}

/** The gateway's word on an intent applied (a redirect or a late webhook may beat the other); an unreachable gateway, or one that forgot a test intent after a restart, leaves what we know. */
export async function catchUpWithGateway(
  ctx: AppContext,
  intentId: string,
  now: Date,
  apply: (ctx: AppContext, intent: GatewayIntent, now: Date) => Promise<unknown>,
): Promise<void> {
  try {
    await apply(ctx, await ctx.gateway.retrieve(intentId), now);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
  }
}

/**
 * The gateway's customer record for this Glossly customer, made on their first payment and kept (payment_customers);
 * undefined for a gateway that keeps cards without one. Two first payments at once store one: the first row wins.
 */
export async function gatewayCustomerRef(ctx: Pick<AppContext, 'db' | 'gateway'>, customer: GatewayCustomer): Promise<string | undefined> {
  const { db, gateway } = ctx;
  if (!gateway.customerFor) return undefined;
  const mine = and(eq(paymentCustomers.userId, customer.id), eq(paymentCustomers.gateway, gateway.kind));
  const [known] = await db.select({ ref: paymentCustomers.customerRef }).from(paymentCustomers).where(mine);
  if (known) return known.ref;
  const ref = await gateway.customerFor(customer);
  await db.insert(paymentCustomers).values({ userId: customer.id, gateway: gateway.kind, customerRef: ref }).onConflictDoNothing();
  const [stored] = await db.select({ ref: paymentCustomers.customerRef }).from(paymentCustomers).where(mine);
  return stored!.ref;
}
