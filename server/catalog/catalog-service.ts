import { and, asc, eq, inArray, isNull, min, or, sql } from 'drizzle-orm';
import { notFound, badRequest, conflict } from '@core/errors.ts';
import { centsToDollars } from '@core/domain/money.ts';
import { defaultCity, distanceMiles, type Coordinates } from '@core/domain/distance.ts';
import type { Detailer, DetailerWithServices, Service, ServiceCategory, VehicleSurcharge } from '@core/schemas/catalog.ts';
import { vehicleTypes, type VehicleType } from '@core/schemas/booking.ts';
import { archivedServiceMessage, pausedServiceMessage } from '@core/schemas/own-service.ts';
import type { ServiceArea } from '@core/schemas/tracking.ts';
import type { Database } from '../db/client.ts';
import { encodeJson, type EncodedBody } from '../http/encoded-body.ts';
import { detailerServices, detailers, platformSettings, serviceCategories, serviceSurcharges, services } from '../db/schema.ts';
import { readPlatformSettings } from '../platform/platform-settings-service.ts';
import type { AppContext } from '../context.ts';
import { listedDetailerIds } from '../onboarding/listing.ts';
import type { Actor } from '../identity/access.ts';

/** The stock image a service shows when it has none of its own. */
export const defaultServiceImageUrl = '/images/services/default.svg';

// The catalog is public: browsing needs no account, so these reads have no access check.

type ServiceRow = typeof services.$inferSelect;
type DetailerRow = typeof detailers.$inferSelect;

/** Services of a category an admin hid (/admin/services) are out of the catalog with it. */
const inShownCategory = () =>
  sql`not exists (select 1 from ${serviceCategories} where ${serviceCategories.id} = ${services.categoryId} and ${serviceCategories.hiddenAt} is not null)`;

/**
 * A service customers can book now: neither paused nor archived (decision 020), in a category that is not hidden
 * (issue 19). Every catalog list uses it.
 */
export const isBookableService = () => and(isNull(services.pausedAt), isNull(services.archivedAt), inShownCategory());

/** The detailer's own photo (decision 019's uploads, at the catalog's width), else the stock picture, else the default. */
export function serviceImageUrl(row: Pick<ServiceRow, 'imageUploadId' | 'imageUrl'>): string {
  if (row.imageUploadId !== null) return `/api/uploads/${row.imageUploadId}?w=800`;
  return row.imageUrl ?? defaultServiceImageUrl;
}

export function toService(row: ServiceRow, surcharges: VehicleSurcharge[] = []): Service {
  return {
    id: row.id,
    detailerId: row.detailerId,
    categoryId: row.categoryId,
    name: row.name,
    description: row.description,
    price: centsToDollars(row.priceCents),
    priceCents: row.priceCents,
    duration: row.durationMinutes,
    imageUrl: serviceImageUrl(row),
    surcharges,
  };
}

/** The surcharges of these services by service id, each list in the vehicle types' order (Sedan ... Luxury/Sports). */
export async function loadSurcharges(db: Database, serviceIds: number[]): Promise<Map<number, VehicleSurcharge[]>> {
  const byService = new Map<number, VehicleSurcharge[]>();
  if (serviceIds.length === 0) return byService;
  const rows = await db.select().from(serviceSurcharges).where(inArray(serviceSurcharges.serviceId, serviceIds));
  rows.sort((a, b) => vehicleTypes.indexOf(a.vehicleType) - vehicleTypes.indexOf(b.vehicleType));
  for (const row of rows) {
    const list = byService.get(row.serviceId) ?? [];
    list.push({ vehicleType: row.vehicleType, surchargeCents: row.surchargeCents });
    byService.set(row.serviceId, list);
  }
  return byService;
}

async function toServices(db: Database, rows: ServiceRow[]): Promise<Service[]> {
  const surcharges = await loadSurcharges(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toService(row, surcharges.get(row.id)));
}

function toDetailer(row: DetailerRow, startingPriceCents: number | null, from: Coordinates): Detailer {
  const hasBase = row.baseLatitude !== null && row.baseLongitude !== null;
  return {
    id: row.id,
    userId: row.userId,
    businessName: row.businessName,
    description: row.description,
    // The logo the business uploaded in onboarding wins over the seed's stock avatar.
    avatarUrl: row.logoUploadId === null ? row.avatarUrl : `/api/uploads/${row.logoUploadId}?w=320`,
    rating: Number(row.rating),
    reviewCount: row.reviewCount,
    startingPrice: startingPriceCents === null ? null : centsToDollars(startingPriceCents),
    distanceMiles: hasBase ? distanceMiles(from, { latitude: row.baseLatitude!, longitude: row.baseLongitude! }) : null,
    services: row.serviceLabels,
    timeZone: row.timeZone,
    createdAt: row.createdAt.toISOString(),
    serviceArea: serviceAreaOf(row),
    vehicleDescription: row.vehicleDescription,
  };
}

/** The circle a detailer works in; none until they set a base. */
export function serviceAreaOf(row: Pick<DetailerRow, 'baseLatitude' | 'baseLongitude' | 'serviceRadiusMiles'>): ServiceArea | null {
  if (row.baseLatitude === null || row.baseLongitude === null) return null;
  return { latitude: row.baseLatitude, longitude: row.baseLongitude, radiusMiles: row.serviceRadiusMiles };
}

/** What a cached catalog read needs: the database and the app's catalog cache. */
export type CatalogReader = Pick<AppContext, 'db' | 'catalogCache'>;

export function listServiceCategories({ db, catalogCache }: CatalogReader): Promise<ServiceCategory[]> {
  // In the order admins give them; hidden ones are out (issue 19).
  return catalogCache.read('categories', () =>
    db
      .select({ id: serviceCategories.id, name: serviceCategories.name })
      .from(serviceCategories)
      .where(isNull(serviceCategories.hiddenAt))
      .orderBy(asc(serviceCategories.sortOrder), asc(serviceCategories.id)),
  );
}

export function listServices({ db, catalogCache }: CatalogReader, filter: { categoryId?: number }): Promise<Service[]> {
  return catalogCache.read(`services:${filter.categoryId ?? 'all'}`, () => loadServices(db, filter));
}

/** The same list as sent: serialized, compressed and tagged once per cache fill (GET /api/services, issue 40). */
export function listServicesEncoded(reader: CatalogReader, filter: { categoryId?: number }): Promise<EncodedBody> {
  return reader.catalogCache.read(`services-encoded:${filter.categoryId ?? 'all'}`, async () =>
    encodeJson(await loadServices(reader.db, filter)),
  );
}

async function loadServices(db: Database, filter: { categoryId?: number }): Promise<Service[]> {
  if (filter.categoryId !== undefined) {
    const [category] = await db
      .select({ id: serviceCategories.id })
      .from(serviceCategories)
      .where(eq(serviceCategories.id, filter.categoryId));
    if (!category) throw badRequest(`Unknown category ${filter.categoryId}`);
  }
  const rows = await db
    .select()
    .from(services)
    .where(
      and(
        isBookableService(),
        inArray(services.detailerId, listedDetailerIds(db)),
        filter.categoryId === undefined ? undefined : eq(services.categoryId, filter.categoryId),
      ),
    )
    .orderBy(asc(services.id));
  return toServices(db, rows);
}

/** A paused or archived service is gone from booking at once: its page answers as a missing one. */
export async function getService(db: Database, id: number): Promise<Service> {
  const [row] = await db
    .select()
    .from(services)
    .where(and(eq(services.id, id), isBookableService(), inArray(services.detailerId, listedDetailerIds(db))));
  if (!row) throw notFound('Service not found');
  return (await toServices(db, [row]))[0]!;
}

type DetailersFilter = { serviceId?: number; lat?: number; lng?: number };

export function listDetailers({ db, catalogCache }: CatalogReader, filter: DetailersFilter): Promise<Detailer[]> {
  // Answers for a shared location are not cached: every customer's point would be a new entry.
  if (filter.lat !== undefined) return loadDetailers(db, filter);
  return catalogCache.read(`detailers:${filter.serviceId ?? 'all'}`, () => loadDetailers(db, filter));
}

async function loadDetailers(db: Database, filter: DetailersFilter): Promise<Detailer[]> {
  const from = filter.lat !== undefined && filter.lng !== undefined ? { latitude: filter.lat, longitude: filter.lng } : defaultCity;
  const startingPrice = db
    .select({ detailerId: detailerServices.detailerId, cents: min(services.priceCents).as('cents') })
    .from(detailerServices)
    .innerJoin(services, and(eq(services.id, detailerServices.serviceId), isBookableService()))
    .groupBy(detailerServices.detailerId)
    .as('starting_price');
  const offering =
    filter.serviceId === undefined
      ? undefined
      : inArray(
          detailers.id,
          db.select({ id: detailerServices.detailerId }).from(detailerServices).where(eq(detailerServices.serviceId, filter.serviceId)),
        );
  const rows = await db
    .select({ detailer: detailers, startingPriceCents: startingPrice.cents })
    .from(detailers)
    .leftJoin(startingPrice, eq(startingPrice.detailerId, detailers.id))
    .where(and(offering, inArray(detailers.id, listedDetailerIds(db))))
    .orderBy(asc(detailers.id));
  return rows.map((r) => toDetailer(r.detailer, r.startingPriceCents, from));
}

export async function getDetailer(db: Database, id: number, actor: Actor = null): Promise<DetailerWithServices> {
  // Decision 021: a detailer not approved, disabled or deleted answers as a missing one, except to that detailer,
  // whose own pages (service area, setup) read their profile while they wait for the approval.
  const isOwn = actor?.role === 'detailer' ? eq(detailers.userId, actor.id) : undefined;
  const [row] = await db
    .select()
    .from(detailers)
    .where(and(eq(detailers.id, id), or(inArray(detailers.id, listedDetailerIds(db)), isOwn)));
  if (!row) throw notFound('Detailer not found');
  const offered = await db
    .select({ service: services })
    .from(detailerServices)
    .innerJoin(services, eq(services.id, detailerServices.serviceId))
    .where(and(eq(detailerServices.detailerId, id), isBookableService()))
    .orderBy(asc(services.priceCents), asc(services.id));
  const offeredServices = await toServices(
    db,
    offered.map((r) => r.service),
  );
  const lowest = offeredServices.length ? Math.min(...offeredServices.map((s) => s.priceCents)) : null;
  return { ...toDetailer(row, lowest, defaultCity), offeredServices };
}

/** True when the detailer offers the service: bookings are only made for offered services. */
export async function detailerOffersService(db: Database, detailerId: number, serviceId: number) {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(detailerServices)
    .where(and(eq(detailerServices.detailerId, detailerId), eq(detailerServices.serviceId, serviceId)));
  return row !== undefined;
}

/**
 * What a booking of the service costs before fee and tax: its price and the surcharge for `vehicleType` (0 without
 * one), read from the catalog only, with the live settings that price the fee and tax and time the hold (read in the
 * same statement: issue 40, every writer of a booking needs both). 409 when the detailer paused or deleted it. With
 * `lock` (inside the booking's transaction) the row is held FOR SHARE until commit, so a pause or delete (FOR UPDATE)
 * waits for the booking and then sees it, and a booking after a pause sees the pause.
 */
export async function bookableServicePrice(db: Database, serviceId: number, vehicleType: VehicleType, { lock = false } = {}) {
  // One query per check (the booking race tests send bursts): the surcharge and the settings come along through joins.
  const query = db
    .select({
      priceCents: services.priceCents,
      pausedAt: services.pausedAt,
      archivedAt: services.archivedAt,
      surchargeCents: serviceSurcharges.surchargeCents,
      categoryHiddenAt: serviceCategories.hiddenAt,
      settings: platformSettings,
    })
    .from(services)
    .innerJoin(serviceCategories, eq(serviceCategories.id, services.categoryId))
    .leftJoin(serviceSurcharges, and(eq(serviceSurcharges.serviceId, services.id), eq(serviceSurcharges.vehicleType, vehicleType)))
    .leftJoin(platformSettings, eq(platformSettings.id, 1))
    .where(eq(services.id, serviceId));
  const [service] = await (lock ? query.for('share', { of: services }) : query);
  if (!service) throw notFound('Service not found');
  requireBookableService(service);
  return {
    priceCents: service.priceCents,
    vehicleSurchargeCents: service.surchargeCents ?? 0,
    // A database whose settings row is missing gets it made with the defaults, as every reader of settings does.
    settings: service.settings ?? (await readPlatformSettings(db)),
  };
}

/** Decision 020's refusal of a service customers cannot book now, in its words, wherever the service was read. */
export function requireBookableService(service: { pausedAt: Date | null; archivedAt: Date | null; categoryHiddenAt: Date | null }) {
  if (service.archivedAt) throw conflict(archivedServiceMessage);
  // A hidden category's services are not offered, as a paused service is not (issue 19).
  if (service.pausedAt || service.categoryHiddenAt) throw conflict(pausedServiceMessage);
}
