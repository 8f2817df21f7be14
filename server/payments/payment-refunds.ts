import { and, eq } from 'drizzle-orm';
import { badRequest, conflict, notFound } from '@core/errors.ts';
import { chargedStatuses, statusIn } from '@core/domain/booking-status.ts';
import { formatUsd, refundableCents } from '@core/domain/money.ts';
import type { RefundBookingInput, RefundResponse } from '@core/schemas/payments.ts';
import { announceBookingChangeById } from '../bookings/booking-live.ts';
import type { AppContext } from '../context.ts';
import { bookings, paymentIntents, payments } from '../db/schema.ts';
import { requireRole, type Actor } from '../identity/access.ts';
import { notify } from '../notifications/notification-service.ts';
import { gatewayFailure } from './payment-common.ts';

export const onlyCompletedRefundMessage =
  'Only a completed booking, or a cancelled or no-show one that was charged a fee, can be refunded.';
export const nothingCapturedMessage = 'This booking has no captured payment to refund.';
export const fullyRefundedMessage = 'This booking has already been refunded in full.';

/**
 * POST /api/admin/bookings/:id/refund: an admin gives back part or all of what a completed booking captured (or
 * the fee a late cancellation was charged). The booking keeps its status; the refund is a ledger row.
 * Asking for more than is left is refused (400 naming what is left), as is a refund when nothing is (409).
 * The row is written first, under a lock on the intent, so two refunds at once are counted one after the other and never give back more than was captured; the gateway
 * is called after the commit (its webhook reaches the database too) and a refusal marks the row failed.
 */
export async function refundBooking(
  ctx: AppContext,
  actor: Actor,
  now: Date,
  bookingId: number,
  input: RefundBookingInput,
): Promise<RefundResponse> {
  const { db, gateway } = ctx;
  requireRole(actor, 'admin');
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) throw notFound('Booking not found');
  if (!statusIn(chargedStatuses, booking.status)) throw conflict(onlyCompletedRefundMessage);

  const reserved = await db.transaction(async (tx) => {
    const [intent] = await tx
      .select()
      .from(paymentIntents)
      .where(and(eq(paymentIntents.bookingId, bookingId), eq(paymentIntents.status, 'succeeded'), eq(paymentIntents.gateway, gateway.kind)))
      .for('update');
    if (!intent) throw conflict(nothingCapturedMessage);
    const ledger = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.intentId, intent.intentId), eq(payments.status, 'succeeded')));
    const capturedCents = ledger.filter((r) => r.kind === 'capture').reduce((sum, r) => sum + r.amountCents, 0);
    const refundedCents = ledger.filter((r) => r.kind === 'refund').reduce((sum, r) => sum + r.amountCents, 0);
    const remainingCents = refundableCents({ capturedCents, refundedCents });
    if (capturedCents <= 0) throw conflict(nothingCapturedMessage);
    if (remainingCents <= 0) throw conflict(fullyRefundedMessage);
    const amountCents = input.amountCents ?? remainingCents;
    if (amountCents > remainingCents) {
      const message = `At most ${formatUsd(remainingCents)} can be refunded.`;
      throw badRequest(message, { amountCents: message });
    }
    const [row] = await tx
      .insert(payments)
      .values({ bookingId, intentId: intent.intentId, kind: 'refund', amountCents, status: 'succeeded', createdAt: now })
      .returning({ id: payments.id });
    return { ledgerId: row!.id, intentId: intent.intentId, amountCents, capturedCents, totalRefundedCents: refundedCents + amountCents };
  });

  const markFailed = () => db.update(payments).set({ status: 'failed' }).where(eq(payments.id, reserved.ledgerId));
  let refund;
  try {
    // One key per ledger row: a retried call is not a second refund.
    refund = await gateway.refund(reserved.intentId, reserved.amountCents, `refund-${reserved.ledgerId}`);
  } catch (error) {
    await markFailed();
    gatewayFailure(error);
  }
  if (refund.status === 'failed') {
    await markFailed();
    throw conflict('The payment provider refused the refund.');
  }
  // A pending refund (Stripe, some cards) is on its way: it counts as given back.
  await notify(ctx, {
    userId: booking.customerId,
    type: 'payment',
    title: 'Refund issued',
    message: `${formatUsd(reserved.amountCents)} was refunded to your card.`,
    entityId: String(bookingId),
  });
  // Its screens (the customer's, the detailer's, the admin list) show the new refunded amount.
  await announceBookingChangeById(ctx, bookingId);
  return {
    bookingId,
    refundedCents: reserved.amountCents,
    totalRefundedCents: reserved.totalRefundedCents,
    remainingCents: refundableCents({ capturedCents: reserved.capturedCents, refundedCents: reserved.totalRefundedCents }),
  };
}
