import { and, eq, inArray } from 'drizzle-orm';
import { badRequest, notFound } from '@core/errors.ts';
import { bookingHorizonDays } from '@core/domain/booking-status.ts';
import { serviceAreaVerdict, type Coordinates } from '@core/domain/geo.ts';
import { rankSmartOffers, type SmartCandidate } from '@core/domain/smart-booking.ts';
import { slotInWindow, timeWindows, type TimeWindow } from '@core/domain/time-windows.ts';
import type { TimeSlotLabel, VehicleType } from '@core/schemas/booking.ts';
import type { SmartOffer, SmartOffers, SmartOffersQuery } from '@core/schemas/smart-booking.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { detailerServices, detailers, savedAddresses, services, vehicles } from '../db/schema.ts';
import type { Actor } from '../identity/access.ts';
import { getAvailability, todayFor } from '../bookings/availability-service.ts';
import { soonestSlotSearchDays } from '../bookings/soonest-slot-service.ts';
import { isBookableService, loadSurcharges, serviceAreaOf } from '../catalog/catalog-service.ts';
import { locateZipOrRefuse } from '../geo/geocoder.ts';
import type { Router } from '../geo/routing.ts';
import { listedDetailerIds } from '../onboarding/listing.ts';
import { addCalendarDays } from '@core/domain/business-weeks.ts';

type BookableService = { id: number; name: string; priceCents: number };

/** The bookable services asked for: one service, or every service of a category. 404 when there is none. */
async function servicesAsked(db: Database, query: SmartOffersQuery): Promise<BookableService[]> {
  const rows = await db
    .select({ id: services.id, name: services.name, priceCents: services.priceCents })
    .from(services)
    .where(
      and(
        query.serviceId === undefined ? eq(services.categoryId, query.categoryId!) : eq(services.id, query.serviceId),
        isBookableService(),
      ),
    );
  if (rows.length === 0) throw notFound(query.serviceId === undefined ? 'Category not found' : 'Service not found');
  return rows;
}

/** A saved car must be the caller's own: anyone else's (or any, signed out) is not found, as if it did not exist. */
async function vehicleTypeAsked(db: Database, actor: Actor, query: SmartOffersQuery): Promise<VehicleType> {
  if (query.vehicleType !== undefined) return query.vehicleType;
  const [car] = actor
    ? await db
        .select({ vehicleType: vehicles.vehicleType })
        .from(vehicles)
        .where(and(eq(vehicles.id, query.vehicleId!), eq(vehicles.customerId, actor.id)))
    : [];
  if (!car) throw notFound('Car not found');
  return car.vehicleType;
}

/** Where the job is: the caller's saved place (its stored point, or its ZIP located) or a typed ZIP. */
async function placeAsked(ctx: AppContext, actor: Actor, query: SmartOffersQuery): Promise<Coordinates> {
  const { geocoder } = ctx;
  if (query.zip !== undefined) return locateZipOrRefuse(geocoder, query.zip);
  const [saved] = actor
    ? await ctx.db
        .select({ zip: savedAddresses.zip, latitude: savedAddresses.latitude, longitude: savedAddresses.longitude })
        .from(savedAddresses)
        .where(and(eq(savedAddresses.id, query.savedAddressId!), eq(savedAddresses.customerId, actor.id)))
    : [];
  if (!saved) throw notFound('Address not found');
  if (saved.latitude !== null && saved.longitude !== null) return { latitude: saved.latitude, longitude: saved.longitude };
  return locateZipOrRefuse(geocoder, saved.zip);
}

type FreeStart = { date: string; time: TimeSlotLabel; startsAt: string; timeZone: string };

type Search = { db: Database; now: Date; place: Coordinates; router: Router };

/** The detailer's earliest free start (drive time included) on the given days, in the window when one is asked. */
async function earliestFree(
  search: Search,
  detailerId: number,
  serviceId: number,
  days: string[],
  window?: TimeWindow,
): Promise<FreeStart | null> {
  for (const date of days) {
    const day = await getAvailability(search.db, search.now, detailerId, { date, serviceId, place: search.place, router: search.router });
    const slot = day.slots.find((s) => s.available && (window === undefined || slotInWindow(s.time, window)));
    if (slot) return { date, time: slot.time, startsAt: slot.startsAt, timeZone: day.timeZone };
  }
  return null;
}

type Candidate = SmartCandidate & { avatarUrl: string | null; serviceId: number; serviceName: string; free: FreeStart | null };

/**
 * GET /api/smart-booking/offers: the best three offers for what, which car, where and when (issue 20). Public for
 * browsing; a saved car or place must be the caller's. Each listed detailer offering the service (for a category:
 * their cheapest service of it) is a candidate with their earliest free start that leaves drive time.
 */
export async function smartOffers(ctx: AppContext, actor: Actor, now: Date, query: SmartOffersQuery): Promise<SmartOffers> {
  const { db } = ctx;
  const asked = await servicesAsked(db, query);
  const vehicleType = await vehicleTypeAsked(db, actor, query);
  const place = await placeAsked(ctx, actor, query);
  const search: Search = { db, now, place, router: ctx.router };
  const surcharges = await loadSurcharges(
    db,
    asked.map((s) => s.id),
  );
  const priceOf = (service: BookableService) =>
    service.priceCents + (surcharges.get(service.id)?.find((s) => s.vehicleType === vehicleType)?.surchargeCents ?? 0);

  const rows = await db
    .select({ detailer: detailers, serviceId: detailerServices.serviceId })
    .from(detailerServices)
    .innerJoin(detailers, eq(detailers.id, detailerServices.detailerId))
    .where(
      and(
        inArray(
          detailerServices.serviceId,
          asked.map((s) => s.id),
        ),
        inArray(detailers.id, listedDetailerIds(db)),
      ),
    );
  // One candidate per detailer: for a category, the cheapest of its services they offer.
  const chosen = new Map<number, { row: (typeof rows)[number]; service: BookableService }>();
  for (const row of rows) {
    const service = asked.find((s) => s.id === row.serviceId)!;
    const current = chosen.get(row.detailer.id);
    if (!current || priceOf(service) < priceOf(current.service)) chosen.set(row.detailer.id, { row, service });
  }

  const candidates: Candidate[] = [];
  for (const { row, service } of [...chosen.values()].sort((a, b) => a.row.detailer.id - b.row.detailer.id)) {
    const d = row.detailer;
    const area = serviceAreaOf(d);
    const verdict = area ? serviceAreaVerdict(area, place) : null;
    const inArea = verdict === null || verdict.covered;
    const days = daysAsked(query, todayFor(d.timeZone, now));
    // A detailer who does not come here is never offered: their calendar is not read at all.
    const free = inArea ? await earliestFree(search, d.id, service.id, days, query.window) : null;
    candidates.push({
      detailerId: d.id,
      businessName: d.businessName,
      avatarUrl: d.logoUploadId === null ? d.avatarUrl : `/api/uploads/${d.logoUploadId}?w=320`,
      rating: d.rating,
      reviewCount: d.reviewCount,
      distanceMiles: verdict?.distanceMiles ?? null,
      inArea,
      priceCents: priceOf(service),
      startsAt: free?.startsAt ?? null,
      serviceId: service.id,
      serviceName: service.name,
      free,
    });
  }

  const offers: SmartOffer[] = rankSmartOffers(candidates).map((offer) => ({
    detailerId: offer.detailerId,
    businessName: offer.businessName,
    avatarUrl: offer.avatarUrl,
    rating: offer.rating,
    reviewCount: offer.reviewCount,
    distanceMiles: offer.distanceMiles,
    serviceId: offer.serviceId,
    serviceName: offer.serviceName,
    priceCents: offer.priceCents,
    date: offer.free!.date,
    time: offer.free!.time,
    startsAt: offer.startsAt,
    timeZone: offer.free!.timeZone,
    reasons: offer.reasons,
  }));
  const nextFree = offers.length === 0 && query.when !== 'asap' ? await soonestAfterwards(search, candidates, query.when) : null;
  return { offers, vehicleType, nextFree };
}

/** The days searched: the asked day (refused when past or beyond the booking horizon), or the next 14 for asap. */
function daysAsked(query: SmartOffersQuery, today: string): string[] {
  if (query.when === 'asap') return Array.from({ length: soonestSlotSearchDays }, (_, i) => addCalendarDays(today, i));
  if (query.when < today) throw badRequest('Date cannot be in the past', { when: 'Date cannot be in the past' });
  if (query.when > addCalendarDays(today, bookingHorizonDays)) {
    const message = `Bookings can be made up to ${bookingHorizonDays} days ahead. Please choose an earlier date.`;
    throw badRequest(message, { when: message });
  }
  return [query.when];
}

/** When the asked day or window is full: the soonest free start of any candidate from that day on, any window. */
async function soonestAfterwards(search: Search, candidates: Candidate[], from: string): Promise<SmartOffers['nextFree']> {
  let best: FreeStart | null = null;
  for (const candidate of candidates) {
    if (!candidate.inArea) continue;
    const days = Array.from({ length: soonestSlotSearchDays }, (_, i) => addCalendarDays(from, i));
    const free = await earliestFree(search, candidate.detailerId, candidate.serviceId, days);
    if (free && (!best || free.startsAt < best.startsAt)) best = free;
  }
  if (!best) return null;
  const slot = best;
  return { date: slot.date, time: slot.time, window: timeWindows.find((w) => slotInWindow(slot.time, w))! };
}
