import { eq } from 'drizzle-orm';
import { notFound } from '@core/errors.ts';
import type { TravelBuffer } from '@core/schemas/smart-booking.ts';
import type { Database } from '../db/client.ts';
import { detailers } from '../db/schema.ts';
import { requireRole, type Actor } from '../identity/access.ts';

/** GET /api/detailer/travel-buffer: the signed-in detailer's own buffer; nobody else's can be read or set. */
export async function getTravelBuffer(db: Database, actor: Actor): Promise<TravelBuffer> {
  const user = requireRole(actor, 'detailer');
  const [row] = await db.select({ minutes: detailers.travelBufferMinutes }).from(detailers).where(eq(detailers.userId, user.id));
  if (!row) throw notFound('Detailer profile not found');
  return row;
}

/** PUT /api/detailer/travel-buffer: applies to the slots offered from now on; bookings already made stay. */
export async function setTravelBuffer(db: Database, actor: Actor, input: TravelBuffer): Promise<TravelBuffer> {
  const user = requireRole(actor, 'detailer');
  const [row] = await db
    .update(detailers)
    .set({ travelBufferMinutes: input.minutes })
    .where(eq(detailers.userId, user.id))
    .returning({ minutes: detailers.travelBufferMinutes });
  if (!row) throw notFound('Detailer profile not found');
  return row;
}
