import { and, eq, sql } from 'drizzle-orm';
import type { VehicleSurcharge } from '@core/schemas/catalog.ts';
import type { Database } from '../db/client.ts';
import type { AppContext } from '../context.ts';
import { detailerServices, detailers, serviceCategories, serviceSurcharges, services } from '../db/schema.ts';

/** What a catalog write needs: the database and the cache it clears. */
export type CatalogWriter = Pick<AppContext, 'db' | 'catalogCache'>;

// Writes to the catalog. The seed calls these; so will the admin and detailer screens (with their access checks).

export async function ensureServiceCategory({ db, catalogCache }: CatalogWriter, name: string): Promise<number> {
  // Rain does not spoil interior work (decision 022), as migration 0012 set for the categories it found.
  await db
    .insert(serviceCategories)
    .values({ name, weatherSensitive: name.toLowerCase() !== 'interior' })
    .onConflictDoNothing();
  catalogCache.clear();
  const [row] = await db.select({ id: serviceCategories.id }).from(serviceCategories).where(eq(serviceCategories.name, name));
  return row!.id;
}

export type DetailerProfileInput = {
  businessName: string;
  description: string;
  avatarUrl: string | null;
  rating: number;
  reviewCount: number;
  serviceLabels: string[];
  timeZone: string;
  baseLatitude: number;
  baseLongitude: number;
  /** The service area's radius around the base; the column's default (25) when left out. */
  serviceRadiusMiles?: number;
  vehicleDescription?: string;
  /** Instant booking (decision 035); off (the column's default) when left out. */
  instantBooking?: boolean;
};

export async function ensureDetailerProfile({ db, catalogCache }: CatalogWriter, userId: number, input: DetailerProfileInput) {
  // The rating given here is history (the seed's): reviews written in Glossly add to it (decision 020). A profile
  // made here (the seed, test factories) is a finished, approved business; sign-up goes through onboarding (021).
  const history = { historyRating: input.rating, historyReviewCount: input.reviewCount };
  await db
    .insert(detailers)
    .values({ userId, ...input, ...history, approvedAt: new Date() })
    .onConflictDoNothing({ target: detailers.userId });
  catalogCache.clear();
  const [row] = await db.select({ id: detailers.id }).from(detailers).where(eq(detailers.userId, userId));
  return row!.id;
}

export type ServiceInput = {
  name: string;
  description: string;
  categoryId: number;
  priceCents: number;
  durationMinutes: number;
  imageUrl: string | null;
  /** What the detailer ticks on the job (decision 020); none when left out. */
  checklist?: string[];
};

/** Lists a service under a detailer, who also offers it. A service already listed under that name is left as it is. */
export async function ensureService({ db, catalogCache }: CatalogWriter, detailerId: number, input: ServiceInput): Promise<number> {
  const existing = await db
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.detailerId, detailerId), eq(sql`lower(${services.name})`, input.name.toLowerCase())));
  const id =
    existing[0]?.id ??
    (
      await db
        .insert(services)
        .values({ detailerId, ...input })
        .returning({ id: services.id })
    )[0]!.id;
  await offerService({ db, catalogCache }, detailerId, id);
  return id;
}

export async function offerService({ db, catalogCache }: CatalogWriter, detailerId: number, serviceId: number) {
  await db.insert(detailerServices).values({ detailerId, serviceId }).onConflictDoNothing();
  catalogCache.clear();
}

/**
 * Replaces a service's surcharges by vehicle type: a 0 keeps no row (no surcharge). The caller clears the catalog
 * cache (it may be inside a transaction).
 */
export async function replaceSurcharges(db: Database, serviceId: number, surcharges: readonly VehicleSurcharge[]) {
  await db.delete(serviceSurcharges).where(eq(serviceSurcharges.serviceId, serviceId));
  const kept = surcharges.filter((s) => s.surchargeCents > 0).map((s) => ({ serviceId, ...s }));
  if (kept.length > 0) await db.insert(serviceSurcharges).values(kept);
}

/** The seed's way to set a service's surcharges (outside any transaction), clearing the catalog cache. */
export async function setServiceSurcharges(
  { db, catalogCache }: CatalogWriter,
  serviceId: number,
  surcharges: readonly VehicleSurcharge[],
) {
  await replaceSurcharges(db, serviceId, surcharges);
  catalogCache.clear();
}
