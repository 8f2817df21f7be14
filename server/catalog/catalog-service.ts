import { and, asc, eq, inArray, min, sql } from 'drizzle-orm';
import { notFound, badRequest } from '@core/errors.ts';
import { centsToDollars } from '@core/domain/money.ts';
import { defaultCity, distanceMiles, type Coordinates } from '@core/domain/distance.ts';
import type { Detailer, DetailerWithServices, Service, ServiceCategory } from '@core/schemas/catalog.ts';
import type { ServiceArea } from '@core/schemas/tracking.ts';
import type { Database } from '../db/client.ts';
import { detailerServices, detailers, serviceCategories, services } from '../db/schema.ts';
import type { AppContext } from '../context.ts';

/** The stock image a service shows when it has none of its own. */
export const defaultServiceImageUrl = '/images/services/default.svg';

// The catalog is public: browsing needs no account, so these reads have no access check.

type ServiceRow = typeof services.$inferSelect;
type DetailerRow = typeof detailers.$inferSelect;

export function toService(row: ServiceRow): Service {
  return {
    id: row.id,
    detailerId: row.detailerId,
    categoryId: row.categoryId,
    name: row.name,
    description: row.description,
    price: centsToDollars(row.priceCents),
    priceCents: row.priceCents,
    duration: row.durationMinutes,
    imageUrl: row.imageUrl ?? defaultServiceImageUrl,
  };
}

function toDetailer(row: DetailerRow, startingPriceCents: number | null, from: Coordinates): Detailer {
  const hasBase = row.baseLatitude !== null && row.baseLongitude !== null;
  return {
    id: row.id,
    userId: row.userId,
    businessName: row.businessName,
    description: row.description,
    avatarUrl: row.avatarUrl,
    rating: Number(row.rating),
    reviewCount: row.reviewCount,
    startingPrice: startingPriceCents === null ? null : centsToDollars(startingPriceCents),
    distanceMiles: hasBase
      ? distanceMiles(from, { latitude: row.baseLatitude!, longitude: row.baseLongitude! })
      : null,
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
  return catalogCache.read('categories', () => db.select().from(serviceCategories).orderBy(asc(serviceCategories.id)));
}

export function listServices({ db, catalogCache }: CatalogReader, filter: { categoryId?: number }): Promise<Service[]> {
  return catalogCache.read(`services:${filter.categoryId ?? 'all'}`, () => loadServices(db, filter));
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
    .where(filter.categoryId === undefined ? undefined : eq(services.categoryId, filter.categoryId))
    .orderBy(asc(services.id));
  return rows.map(toService);
}

export async function getService(db: Database, id: number): Promise<Service> {
  const [row] = await db.select().from(services).where(eq(services.id, id));
  if (!row) throw notFound('Service not found');
  return toService(row);
}

type DetailersFilter = { serviceId?: number; lat?: number; lng?: number };

export function listDetailers({ db, catalogCache }: CatalogReader, filter: DetailersFilter): Promise<Detailer[]> {
  // Answers for a shared location are not cached: every customer's point would be a new entry.
  if (filter.lat !== undefined) return loadDetailers(db, filter);
  return catalogCache.read(`detailers:${filter.serviceId ?? 'all'}`, () => loadDetailers(db, filter));
}

async function loadDetailers(db: Database, filter: DetailersFilter): Promise<Detailer[]> {
  const from = filter.lat !== undefined && filter.lng !== undefined
    ? { latitude: filter.lat, longitude: filter.lng }
    : defaultCity;
  const startingPrice = db
    .select({ detailerId: detailerServices.detailerId, cents: min(services.priceCents).as('cents') })
    .from(detailerServices)
    .innerJoin(services, eq(services.id, detailerServices.serviceId))
    .groupBy(detailerServices.detailerId)
    .as('starting_price');
  const offering =
    filter.serviceId === undefined
      ? undefined
      : inArray(
          detailers.id,
          db
            .select({ id: detailerServices.detailerId })
            .from(detailerServices)
            .where(eq(detailerServices.serviceId, filter.serviceId)),
        );
  const rows = await db
    .select({ detailer: detailers, startingPriceCents: startingPrice.cents })
    .from(detailers)
    .leftJoin(startingPrice, eq(startingPrice.detailerId, detailers.id))
    .where(and(offering))
    .orderBy(asc(detailers.id));
  return rows.map((r) => toDetailer(r.detailer, r.startingPriceCents, from));
}

export async function getDetailer(db: Database, id: number): Promise<DetailerWithServices> {
  const [row] = await db.select().from(detailers).where(eq(detailers.id, id));
  if (!row) throw notFound('Detailer not found');
  const offered = await db
    .select({ service: services })
    .from(detailerServices)
    .innerJoin(services, eq(services.id, detailerServices.serviceId))
    .where(eq(detailerServices.detailerId, id))
    .orderBy(asc(services.priceCents), asc(services.id));
  const offeredServices = offered.map((r) => toService(r.service));
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
