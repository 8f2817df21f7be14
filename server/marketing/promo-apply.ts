import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { conflict, notFound } from '@core/errors.ts';
import { bookingPrice } from '@core/domain/pricing.ts';
import { memberDiscountRefusal, promoDiscountCents, promoMessages, promoRefusal } from '@core/domain/promo-codes.ts';
import type { Booking } from '@core/schemas/booking.ts';
import type { ApplyPromoCodeInput } from '@core/schemas/promo-codes.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { bookingEvents, bookings, paymentIntents, promoCodeRedemptions, promoCodes, users } from '../db/schema.ts';
import { requireUser, type Actor } from '../identity/access.ts';
import { loadRecord } from '../bookings/booking-records.ts';
import { announceBookingChange } from '../bookings/booking-live.ts';
import { getBooking } from '../bookings/booking-queries.ts';
import { memberPriceAdjustments } from '../member-benefits/member-pricing.ts';
import { GatewayError } from '../payments/gateways/gateway.ts';
import { bookingNotAwaitingPaymentMessage, openStatuses } from '../payments/payment-common.ts';
import { releasePromoCodeUse } from './promo-release.ts';

/**
 * A promo code on a booking's payment step (issue 19, decision 022). The booking row is locked, the code's use is
 * counted by one conditional UPDATE (no use past max_uses, however many customers race), and the booking is
 * re-priced with the fee and tax rate it was made with. A booking that is never paid gives the use back.
 */

type BookingRow = typeof bookings.$inferSelect;

export const holdLapsedMessage = 'The hold on this time slot has lapsed. Please book again.';

/** The customer's own booking, still awaiting payment within its hold, locked until the transaction ends. */
async function lockPayableBooking(tx: Database, customerId: number, bookingId: number, now: Date): Promise<BookingRow> {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
  // Anyone else's booking is the same 404 as one that does not exist.
  if (!booking || booking.customerId !== customerId) throw notFound('Booking not found');
  if (booking.status !== 'pending_payment') throw conflict(bookingNotAwaitingPaymentMessage);
  if (booking.holdExpiresAt && booking.holdExpiresAt.getTime() <= now.getTime()) throw conflict(holdLapsedMessage);
  return booking;
}

/** Prices the booking again with what it keeps (fee and tax rate at booking time), never the live settings. */
async function reprice(
  tx: Database,
  booking: BookingRow,
  now: Date,
  discountCents: number,
  source: { promoCodeId: number | null; membershipId: number | null },
) {
  const price = bookingPrice(
    booking.priceCents,
    booking.vehicleSurchargeCents,
    { discountCents },
    { serviceFeeCents: booking.serviceFeeCents, taxRateBasisPoints: booking.taxRateBasisPoints },
  );
  const [updated] = await tx
    .update(bookings)
    .set({ discountCents: price.discountCents, taxCents: price.taxCents, totalCents: price.totalCents, ...source, updatedAt: now })
    .where(eq(bookings.id, booking.id))
    .returning();
  return updated!;
}

/** Takes the code off and puts back what the customer's membership gives, if anything. */
async function removeCode(tx: Database, booking: BookingRow, now: Date): Promise<BookingRow> {
  await releasePromoCodeUse(tx, booking.id);
  const member = await memberPriceAdjustments(tx, booking.customerId, booking.priceCents + booking.vehicleSurchargeCents);
  return reprice(tx, booking, now, member.adjustments.discountCents ?? 0, { promoCodeId: null, membershipId: member.membershipId });
}

/**
 * The intents made for the old total may not be paid: cancelled at the gateway and here, so checkout makes a new
 * one for the new total (payment-checkout.ts never reuses an intent of another amount either).
 */
async function cancelStaleIntents(ctx: AppContext, bookingId: number, now: Date): Promise<void> {
  const open = await ctx.db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.bookingId, bookingId), inArray(paymentIntents.status, openStatuses)));
  for (const intent of open) {
    if (intent.gateway === ctx.gateway.kind) {
      try {
        await ctx.gateway.cancel(intent.intentId);
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
      }
    }
    await ctx.db
      .update(paymentIntents)
      .set({ status: 'canceled', lastError: 'The total changed. Please pay the new total.', updatedAt: now })
      .where(and(eq(paymentIntents.id, intent.id), inArray(paymentIntents.status, openStatuses)));
  }
}

async function customerFacts(tx: Database, booking: BookingRow, promoCodeId: number) {
  const [uses] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(promoCodeRedemptions)
    .where(
      and(
        eq(promoCodeRedemptions.promoCodeId, promoCodeId),
        eq(promoCodeRedemptions.customerId, booking.customerId),
        ne(promoCodeRedemptions.bookingId, booking.id),
      ),
    );
  // Paid once = the booking was ever authorized (requested), whatever happened to it after.
  const [paid] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(bookingEvents, and(eq(bookingEvents.bookingId, bookings.id), eq(bookingEvents.toStatus, 'requested')))
    .where(and(eq(bookings.customerId, booking.customerId), ne(bookings.id, booking.id)))
    .limit(1);
  return { customerUses: Number(uses?.count ?? 0), hasPaidBookingBefore: paid !== undefined };
}

async function announce(ctx: AppContext, bookingId: number) {
  const record = await loadRecord(ctx.db, bookingId);
  // A pending_payment booking is its customer's (and admins') alone: the detailer hears of it once paid.
  if (record) announceBookingChange(ctx, record, false);
}

/** POST /api/bookings/:id/promo-code: the booking's customer applies a code (a second code replaces the first). */
export async function applyPromoCode(
  ctx: AppContext,
  actor: Actor,
  now: Date,
  bookingId: number,
  input: ApplyPromoCodeInput,
): Promise<Booking> {
  const user = requireUser(actor);
  const changed = await ctx.transaction(async (txCtx) => {
    const tx = txCtx.db;
    let booking = await lockPayableBooking(tx, user.id, bookingId, now);
    const [code] = await tx
      .select()
      .from(promoCodes)
      .where(sql`lower(${promoCodes.code}) = lower(${input.code})`);
    if (!code) throw notFound(promoMessages.notFound);
    if (booking.promoCodeId === code.id) return false;
    // One customer's concurrent applications queue here, so the per-customer limit counts each of them.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    if (booking.promoCodeId !== null) booking = await removeCode(tx, booking, now);

    const orderCents = booking.priceCents + booking.vehicleSurchargeCents;
    const refusal = promoRefusal(
      { ...code, pausedAt: code.pausedAt },
      { now, orderCents, serviceId: booking.serviceId, detailerId: booking.detailerId, ...(await customerFacts(tx, booking, code.id)) },
    );
    if (refusal) throw conflict(refusal);
    const discountCents = promoDiscountCents(code, orderCents);
    const member =
      booking.membershipId !== null && booking.discountCents > 0
        ? { discountCents: booking.discountCents, coversVisit: booking.discountCents === orderCents && booking.serviceFeeCents === 0 }
        : null;
    const memberRefusal = memberDiscountRefusal(discountCents, member);
    if (memberRefusal) throw conflict(memberRefusal);

    // The count and its limit in one statement: of 50 customers racing for 10 uses, 10 find a row to update.
    const [counted] = await tx
      .update(promoCodes)
      .set({ usesCount: sql`${promoCodes.usesCount} + 1` })
      .where(and(eq(promoCodes.id, code.id), or(isNull(promoCodes.maxUses), lt(promoCodes.usesCount, promoCodes.maxUses))))
      .returning({ id: promoCodes.id });
    if (!counted) throw conflict(promoMessages.usedUp);
    await tx
      .insert(promoCodeRedemptions)
      .values({ promoCodeId: code.id, bookingId: booking.id, customerId: user.id, discountCents, createdAt: now });
    await reprice(tx, booking, now, discountCents, { promoCodeId: code.id, membershipId: null });
    await announce(txCtx, booking.id);
    return true;
  });
  if (changed) await cancelStaleIntents(ctx, bookingId, now);
  return getBooking(ctx.db, actor, now, bookingId);
}

/** DELETE /api/bookings/:id/promo-code: the customer takes the code off; its use is given back. */
export async function removePromoCode(ctx: AppContext, actor: Actor, now: Date, bookingId: number): Promise<Booking> {
  const user = requireUser(actor);
  const changed = await ctx.transaction(async (txCtx) => {
    const booking = await lockPayableBooking(txCtx.db, user.id, bookingId, now);
    if (booking.promoCodeId === null) return false;
    await removeCode(txCtx.db, booking, now);
    await announce(txCtx, booking.id);
    return true;
  });
  if (changed) await cancelStaleIntents(ctx, bookingId, now);
  return getBooking(ctx.db, actor, now, bookingId);
}
