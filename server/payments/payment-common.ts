import { conflict } from '@core/errors.ts';
import type { IntentStatus, IntentStatusResponse } from '@core/schemas/payments.ts';
import type { paymentIntents } from '../db/schema.ts';
import { GatewayError } from './gateways/gateway.ts';

/** What the payment services share: intent statuses and their messages. */

export type IntentRow = typeof paymentIntents.$inferSelect;

/** Statuses from which an intent may still be paid. */
export const openStatuses: IntentStatus[] = ['requires_payment_method', 'requires_action', 'processing'];

export const creditsChangedMessage = 'Your referral credits changed while you were paying. Please try again.';
export const bookingNotAwaitingPaymentMessage = 'This booking is no longer awaiting payment.';

export function statusResponse(row: IntentRow): IntentStatusResponse {
  return { status: row.status, errorMessage: row.lastError, amountCents: row.amountCents, bookingId: row.bookingId };
}

/** A gateway that refuses an operation answers 409 with its message; anything else is a real failure. */
export function gatewayFailure(error: unknown): never {
  if (error instanceof GatewayError) throw conflict(error.message);
  throw error;
}
