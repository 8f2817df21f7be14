import { and, asc, eq, gte, inArray, lte, ne } from 'drizzle-orm';
import { badRequest, conflict, notFound } from '@core/errors.ts';
import { bookableWindows, firstVisitOn, upcomingVisitDates, type VisitRhythm as Rhythm } from '@core/domain/membership-visits.ts';
import { endedWithoutWorkStatuses, statusIn } from '@core/domain/booking-status.ts';
import { dateInZone } from '@core/domain/time-slots.ts';
import type { TimeWindow } from '@core/domain/time-windows.ts';
import type { UpcomingVisit, VisitOptions, VisitRhythm, VisitRhythmInput, VisitSchedule } from '@core/schemas/membership-visits.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import {
  bookings,
  detailers,
  detailerServices,
  membershipPlanCategories,
  membershipPlans,
  memberships,
  membershipSchedules,
  membershipVisits,
  savedAddresses,
  services,
  vehicles,
} from '../../db/schema.ts';
import { requireRole, type Actor } from '../../identity/access.ts';
import { isBookableService } from '../../catalog/catalog-service.ts';
import { requireInServiceArea } from '../../catalog/service-area-service.ts';
import { isListedDetailer, listedDetailerIds } from '../../onboarding/listing.ts';
import { locateZipOrRefuse } from '../../geo/geocoder.ts';
import { visitsLeftThisPeriod } from '../../member-benefits/visit-allowance.ts';

export const notCoveredMessage = 'Your plan does not cover this service';
export const detailerNotOfferingMessage = 'This detailer does not offer that service';
export const noEveningSlotsMessage = 'No visits can be booked in the evening yet: choose morning or afternoon';
export const chooseOwnAddressMessage = 'Choose one of your addresses';
export const chooseOwnCarMessage = 'Choose one of your cars';

/** The member's own membership, not canceled; anyone else's (or none) is the same 404. */
export async function ownMembership(db: Database, actor: Actor, membershipId: number) {
  const user = requireRole(actor, 'customer');
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.id, membershipId), eq(memberships.customerId, user.id), ne(memberships.status, 'canceled')));
  if (!row) throw notFound('Membership not found');
  return { user, membership: row };
}

/**
 * The services a plan's visits cover: bookable services in its categories priced within its covered visit limit
 * (detailers set their own prices; the car's surcharge is checked when the visit is booked).
 */
async function coveredServices(db: Database, planId: number) {
  return db
    .select({ id: services.id, name: services.name })
    .from(services)
    .innerJoin(membershipPlanCategories, eq(membershipPlanCategories.categoryId, services.categoryId))
    .innerJoin(membershipPlans, eq(membershipPlans.id, membershipPlanCategories.planId))
    .where(
      and(
        eq(membershipPlanCategories.planId, planId),
        lte(services.priceCents, membershipPlans.coveredPriceLimitCents),
        isBookableService(),
      ),
    )
    .orderBy(asc(services.name));
}

/** GET /api/memberships/:id/visit-options: what the rhythm form may choose from. */
export async function getVisitOptions(ctx: AppContext, actor: Actor, membershipId: number): Promise<VisitOptions> {
  const { user, membership } = await ownMembership(ctx.db, actor, membershipId);
  const covered = await coveredServices(ctx.db, membership.planId);
  const offers =
    covered.length === 0
      ? []
      : await ctx.db
          .select({ id: detailers.id, businessName: detailers.businessName, serviceId: detailerServices.serviceId })
          .from(detailers)
          .innerJoin(detailerServices, eq(detailerServices.detailerId, detailers.id))
          .where(
            and(
              inArray(
                detailerServices.serviceId,
                covered.map((s) => s.id),
              ),
              inArray(detailers.id, listedDetailerIds(ctx.db)),
            ),
          )
          .orderBy(asc(detailers.businessName));
  const byDetailer = new Map<number, { id: number; businessName: string; serviceIds: number[] }>();
  for (const offer of offers) {
    const entry = byDetailer.get(offer.id) ?? { id: offer.id, businessName: offer.businessName, serviceIds: [] };
    entry.serviceIds.push(offer.serviceId);
    byDetailer.set(offer.id, entry);
  }
  const cars = await ctx.db.select().from(vehicles).where(eq(vehicles.customerId, user.id)).orderBy(asc(vehicles.id));
  const places = await ctx.db.select().from(savedAddresses).where(eq(savedAddresses.customerId, user.id)).orderBy(asc(savedAddresses.id));
  return {
    services: covered,
    detailers: [...byDetailer.values()],
    cars: cars.map((car) => ({ id: car.id, label: car.nickname || `${car.year} ${car.make} ${car.model}` })),
    addresses: places.map((place) => ({ id: place.id, label: `${place.label}: ${place.address}, ${place.city}` })),
  };
}

function toRhythm(row: typeof membershipSchedules.$inferSelect): VisitRhythm {
  return {
    serviceId: row.serviceId,
    everyWeeks: row.everyWeeks as Rhythm,
    detailerId: row.detailerId,
    weekday: row.weekday,
    timeWindow: row.timeWindow,
    vehicleId: row.vehicleId ?? 0,
    savedAddressId: row.savedAddressId ?? 0,
    nextVisitOn: row.nextVisitOn,
  };
}

/** GET /api/memberships/:id/visits: the rhythm, the visits left this period and the visits coming up. */
export async function getVisitSchedule(ctx: AppContext, actor: Actor, now: Date, membershipId: number): Promise<VisitSchedule> {
  const { membership } = await ownMembership(ctx.db, actor, membershipId);
  const [schedule] = await ctx.db.select().from(membershipSchedules).where(eq(membershipSchedules.membershipId, membership.id));
  const left = await visitsLeftThisPeriod(ctx.db, membership.id);
  if (!schedule) return { rhythm: null, visitsLeftThisPeriod: left, upcoming: [] };
  const [detailer] = await ctx.db.select({ timeZone: detailers.timeZone }).from(detailers).where(eq(detailers.id, schedule.detailerId));
  const today = dateInZone(now, detailer?.timeZone ?? 'UTC');
  const [service] = await ctx.db.select({ name: services.name }).from(services).where(eq(services.id, schedule.serviceId));
  const rows = await ctx.db
    .select({
      visit: membershipVisits,
      startsAt: bookings.startsAt,
      bookingStatus: bookings.status,
      detailerName: detailers.businessName,
      timeZone: detailers.timeZone,
      serviceName: services.name,
    })
    .from(membershipVisits)
    .leftJoin(bookings, eq(bookings.id, membershipVisits.bookingId))
    .leftJoin(detailers, eq(detailers.id, bookings.detailerId))
    .leftJoin(services, eq(services.id, bookings.serviceId))
    .where(and(eq(membershipVisits.membershipId, membership.id), gte(membershipVisits.dueOn, today)))
    .orderBy(asc(membershipVisits.dueOn));
  const visits: UpcomingVisit[] = rows.map((row) => ({
    dueOn: row.visit.dueOn,
    status:
      row.bookingStatus && statusIn(endedWithoutWorkStatuses, row.bookingStatus) && row.visit.status !== 'skipped'
        ? 'unfilled'
        : row.visit.status,
    bookingId: row.visit.bookingId,
    startsAt: row.startsAt?.toISOString() ?? null,
    detailerName: row.detailerName,
    timeZone: row.timeZone,
    serviceName: row.serviceName ?? service?.name ?? '',
  }));
  const known = new Set(visits.map((v) => v.dueOn));
  for (const dueOn of upcomingVisitDates(schedule.nextVisitOn, schedule.everyWeeks as Rhythm, 3)) {
    if (!known.has(dueOn)) {
      visits.push({
        dueOn,
        status: 'planned',
        bookingId: null,
        startsAt: null,
        detailerName: null,
        timeZone: null,
        serviceName: service?.name ?? '',
      });
    }
  }
  visits.sort((a, b) => a.dueOn.localeCompare(b.dueOn));
  return { rhythm: toRhythm(schedule), visitsLeftThisPeriod: left, upcoming: visits };
}

/** PUT /api/memberships/:id/visit-rhythm: every choice is checked against the plan, the catalog and the member's own. */
export async function setVisitRhythm(
  ctx: AppContext,
  actor: Actor,
  now: Date,
  membershipId: number,
  input: VisitRhythmInput,
): Promise<VisitSchedule> {
  const { user, membership } = await ownMembership(ctx.db, actor, membershipId);
  const { db } = ctx;
  if (!(await coveredServices(db, membership.planId)).some((s) => s.id === input.serviceId)) {
    throw badRequest(notCoveredMessage, { serviceId: notCoveredMessage });
  }
  if (!bookableWindows.includes(input.timeWindow as TimeWindow))
    throw badRequest(noEveningSlotsMessage, { timeWindow: noEveningSlotsMessage });
  const [detailer] = await db.select().from(detailers).where(eq(detailers.id, input.detailerId));
  if (!detailer || !(await isListedDetailer(db, detailer.id))) throw notFound('Detailer not found');
  const [offer] = await db
    .select({ id: detailerServices.serviceId })
    .from(detailerServices)
    .where(and(eq(detailerServices.detailerId, detailer.id), eq(detailerServices.serviceId, input.serviceId)));
  if (!offer) throw badRequest(detailerNotOfferingMessage, { detailerId: detailerNotOfferingMessage });
  const [car] = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.id, input.vehicleId), eq(vehicles.customerId, user.id)));
  if (!car) throw badRequest(chooseOwnCarMessage, { vehicleId: chooseOwnCarMessage });
  const [place] = await db
    .select()
    .from(savedAddresses)
    .where(and(eq(savedAddresses.id, input.savedAddressId), eq(savedAddresses.customerId, user.id)));
  if (!place) throw badRequest(chooseOwnAddressMessage, { savedAddressId: chooseOwnAddressMessage });
  // As createBooking does: the detailer's service area must take the address (422 naming it otherwise).
  const located =
    place.latitude !== null && place.longitude !== null
      ? { latitude: place.latitude, longitude: place.longitude }
      : await locateZipOrRefuse(ctx.geocoder, place.zip);
  requireInServiceArea(detailer, located);
  const [current] = await db.select().from(membershipSchedules).where(eq(membershipSchedules.membershipId, membership.id));
  // The same day and rhythm keep their dates; a new day or rhythm starts from its first day after today.
  const keepDates = current && current.weekday === input.weekday && current.everyWeeks === input.everyWeeks;
  const nextVisitOn = keepDates ? current.nextVisitOn : firstVisitOn(dateInZone(now, detailer.timeZone), input.weekday);
  const values = { ...input, nextVisitOn, updatedAt: now };
  await db
    .insert(membershipSchedules)
    .values({ membershipId: membership.id, ...values, createdAt: now })
    .onConflictDoUpdate({ target: membershipSchedules.membershipId, set: values });
  return getVisitSchedule(ctx, actor, now, membershipId);
}

/** DELETE /api/memberships/:id/visit-rhythm: no more visits book themselves; visits already booked stay. */
export async function clearVisitRhythm(ctx: AppContext, actor: Actor, now: Date, membershipId: number): Promise<VisitSchedule> {
  const { membership } = await ownMembership(ctx.db, actor, membershipId);
  const deleted = await ctx.db.delete(membershipSchedules).where(eq(membershipSchedules.membershipId, membership.id)).returning();
  if (deleted.length === 0) throw conflict('You have no visit rhythm set up');
  return getVisitSchedule(ctx, actor, now, membershipId);
}
