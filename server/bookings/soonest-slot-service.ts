import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { notFound } from '@core/errors.ts';
import type { SoonestSlot } from '@core/schemas/payments.ts';
import type { Database } from '../db/client.ts';
import { listedDetailerIds } from '../onboarding/listing.ts';
import { detailerServices, detailers, services } from '../db/schema.ts';
import { getAvailability, todayFor, type SlotPlace } from './availability-service.ts';
import { isInServiceArea } from '../catalog/service-area-service.ts';
import { addCalendarDays } from '@core/domain/business-weeks.ts';

/** How far ahead quick checkout looks for a free slot. */
export const soonestSlotSearchDays = 14;
export const noSoonSlotMessage = `No detailer has a free time for this service in the next ${soonestSlotSearchDays} days. Please pick a detailer and a date yourself.`;

/**
 * GET /api/services/:id/soonest-slot (public, like availability): the earliest free slot of any detailer
 * offering the service in the next 14 days of that detailer's calendar, read through the availability service
 * so it offers exactly what the booking flow would. Ties go to the better-rated detailer.
 */
export async function findSoonestSlot(db: Database, now: Date, serviceId: number, where: SlotPlace = {}): Promise<SoonestSlot> {
  const [service] = await db
    .select({ name: services.name, priceCents: services.priceCents })
    .from(services)
    .where(and(eq(services.id, serviceId), isNull(services.pausedAt), isNull(services.archivedAt)));
  if (!service) throw notFound('Service not found');
  const offering = await db
    .select({
      id: detailers.id,
      businessName: detailers.businessName,
      timeZone: detailers.timeZone,
      baseLatitude: detailers.baseLatitude,
      baseLongitude: detailers.baseLongitude,
      serviceRadiusMiles: detailers.serviceRadiusMiles,
    })
    .from(detailerServices)
    .innerJoin(detailers, eq(detailers.id, detailerServices.detailerId))
    .where(and(eq(detailerServices.serviceId, serviceId), inArray(detailers.id, listedDetailerIds(db))))
    .orderBy(desc(detailers.rating), asc(detailers.id));

  let best: SoonestSlot | null = null;
  for (const detailer of offering) {
    // From the customer's place, only detailers who come there, at times they can drive to (the booking's own rule).
    if (where.place && !isInServiceArea(detailer, where.place)) continue;
    const today = todayFor(detailer.timeZone, now);
    for (let offset = 0; offset < soonestSlotSearchDays; offset++) {
      const date = addCalendarDays(today, offset);
      // A later day of this detailer cannot beat the best found so far.
      if (best && zonedDayStartsAfter(date, best.startsAt)) break;
      const day = await getAvailability(db, now, detailer.id, { date, serviceId, ...where });
      const slot = day.slots.find((s) => s.available);
      if (!slot) continue;
      if (!best || slot.startsAt < best.startsAt) {
        best = {
          serviceId,
          serviceName: service.name,
          priceCents: service.priceCents,
          detailerId: detailer.id,
          detailerBusinessName: detailer.businessName,
          date,
          time: slot.time,
          startsAt: slot.startsAt,
          timeZone: day.timeZone,
        };
      }
      break;
    }
  }
  if (!best) throw notFound(noSoonSlotMessage);
  return best;
}

/** Every slot of `date` starts on or after its UTC midnight minus 14 hours (the furthest zone). */
function zonedDayStartsAfter(date: string, startsAtIso: string): boolean {
  return new Date(`${date}T00:00:00Z`).getTime() - 14 * 3_600_000 > new Date(startsAtIso).getTime();
}
