import { eq } from 'drizzle-orm';
import { notFound } from '@core/errors.ts';
import type { InstantBooking } from '@core/schemas/dashboard.ts';
import type { Database } from '../db/client.ts';
import { detailers } from '../db/schema.ts';
import { requireRole, type Actor } from '../identity/access.ts';

/** GET /api/detailer/instant-booking: the signed-in detailer's own setting; nobody else's can be read or set. */
export async function getInstantBooking(db: Database, actor: Actor): Promise<InstantBooking> {
  const user = requireRole(actor, 'detailer');
  const [row] = await db.select({ instantBooking: detailers.instantBooking }).from(detailers).where(eq(detailers.userId, user.id));
  if (!row) throw notFound('Detailer profile not found');
  return row;
}

/**
 * PUT /api/detailer/instant-booking (decision 035): on, bookings paid from now on are accepted at once, the offered
 * times being a promise; requests already waiting still wait for an answer.
 */
export async function setInstantBooking(db: Database, actor: Actor, input: InstantBooking): Promise<InstantBooking> {
  const user = requireRole(actor, 'detailer');
  const [row] = await db
    .update(detailers)
    .set({ instantBooking: input.instantBooking })
    .where(eq(detailers.userId, user.id))
    .returning({ instantBooking: detailers.instantBooking });
  if (!row) throw notFound('Detailer profile not found');
  return row;
}
