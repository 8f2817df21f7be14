import { eq } from 'drizzle-orm';
import { notFound, unprocessable } from '@core/errors.ts';
import { serviceAreaVerdict, type Coordinates } from '@core/domain/geo.ts';
import type { MapConfig, ServiceArea, ServiceAreaCheck, ServiceAreaCheckQuery, ServiceAreaInput } from '@core/schemas/tracking.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { isListedDetailer } from '../onboarding/listing.ts';
import { detailers } from '../db/schema.ts';

type DetailerRow = typeof detailers.$inferSelect;
import { locateZipOrRefuse, type Geocoder } from '../geo/geocoder.ts';
import { requireRole, type Actor } from '../identity/access.ts';
import type { CatalogWriter } from './catalog-admin-service.ts';
import { serviceAreaOf } from './catalog-service.ts';

/**
 * PUT /api/detailer/service-area: the signed-in detailer's base (where their ZIP code is) and how far they travel.
 * New bookings outside the circle are refused from now on; bookings already made stay.
 */
export async function setServiceArea(ctx: CatalogWriter, geocoder: Geocoder, actor: Actor, input: ServiceAreaInput): Promise<ServiceArea> {
  const user = requireRole(actor, 'detailer');
  const [detailer] = await ctx.db.select({ id: detailers.id }).from(detailers).where(eq(detailers.userId, user.id));
  if (!detailer) throw notFound('Detailer profile not found');
  const base = await locateZipOrRefuse(geocoder, input.zip);
  const [row] = await ctx.db
    .update(detailers)
    .set({ baseLatitude: base.latitude, baseLongitude: base.longitude, serviceRadiusMiles: input.radiusMiles })
    .where(eq(detailers.id, detailer.id))
    .returning();
  // The lists and profiles carry the area; other instances catch up within the cache's few seconds.
  ctx.catalogCache.clear();
  return serviceAreaOf(row!)!;
}

/** GET /api/service-area/check: whether a detailer comes to a ZIP code. Public, like the rest of the catalog. */
export async function checkServiceArea(db: Database, geocoder: Geocoder, query: ServiceAreaCheckQuery): Promise<ServiceAreaCheck> {
  const [row] = await db.select().from(detailers).where(eq(detailers.id, query.detailerId));
  if (!row || !(await isListedDetailer(db, row.id))) throw notFound('Detailer not found');
  const place = await locateZipOrRefuse(geocoder, query.zip);
  const area = serviceAreaOf(row);
  if (!area) return { covered: true, distanceMiles: null, radiusMiles: null, detailerName: row.businessName };
  return { ...serviceAreaVerdict(area, place), radiusMiles: area.radiusMiles, detailerName: row.businessName };
}

/** GET /api/map-config: the tile server and its credit line from the configuration, or none. */
export function mapConfig(config: Pick<Config, 'MAP_TILE_URL' | 'MAP_ATTRIBUTION'>): MapConfig {
  return { tileUrl: config.MAP_TILE_URL ?? null, attribution: config.MAP_ATTRIBUTION ?? null };
}

/** Names the area: how far the detailer travels from their base, and how far this place is. */
export const outsideServiceAreaMessage = (businessName: string, radiusMiles: number, distanceMiles: number) =>
  `This address is outside ${businessName}'s service area: they come up to ${radiusMiles} miles from their base, and this ZIP code is ${distanceMiles} miles away`;

/** Whether the detailer comes to a place: inside their circle, or anywhere while they have no base. */
export function isInServiceArea(
  detailer: Pick<DetailerRow, 'baseLatitude' | 'baseLongitude' | 'serviceRadiusMiles'>,
  place: Coordinates,
): boolean {
  const area = serviceAreaOf(detailer);
  return !area || serviceAreaVerdict(area, place).covered;
}

/**
 * Refuses (422) a job farther from the detailer's base than their radius; a detailer with no base takes any address.
 * Takes the detailer's row: booking creation reads it with the lock it takes anyway, which costs no extra query.
 */
export function requireInServiceArea(
  detailer: Pick<DetailerRow, 'businessName' | 'baseLatitude' | 'baseLongitude' | 'serviceRadiusMiles'>,
  place: Coordinates,
): void {
  if (isInServiceArea(detailer, place)) return;
  const area = serviceAreaOf(detailer)!;
  const message = outsideServiceAreaMessage(detailer.businessName, area.radiusMiles, serviceAreaVerdict(area, place).distanceMiles);
  throw unprocessable(message, { zip: message });
}
