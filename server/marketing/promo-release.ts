import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { BookingMoveFollower } from '../bookings/booking-moves.ts';
import { promoCodeRedemptions, promoCodes } from '../db/schema.ts';

/**
 * Gives a booking's use of its promo code back (decision 022: a booking that is never paid gives its use back): its
 * redemption row is deleted and the count goes down, exactly once whoever calls it (only the DELETE that finds the
 * row decrements). Called in the transaction of the move that leaves pending_payment unpaid (abandoned hold, unpaid
 * cancel: `followPromoCodeRelease`) and when the customer removes the code.
 */
export async function releasePromoCodeUse(tx: Database, bookingId: number): Promise<boolean> {
  const [released] = await tx.delete(promoCodeRedemptions).where(eq(promoCodeRedemptions.bookingId, bookingId)).returning();
  if (!released) return false;
  await tx
    .update(promoCodes)
    .set({ usesCount: sql`greatest(${promoCodes.usesCount} - 1, 0)` })
    .where(eq(promoCodes.id, released.promoCodeId));
  return true;
}

/** Follows bookings' moves (decision 045): a booking that leaves its hold unpaid (abandoned, cancelled) gives its use back. */
export const followPromoCodeRelease: BookingMoveFollower = async (tx, { booking, from, to }) => {
  if (from === 'pending_payment' && to !== 'pending_payment' && to !== 'requested') await releasePromoCodeUse(tx, booking.id);
};
