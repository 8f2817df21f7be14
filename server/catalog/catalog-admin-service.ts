import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { detailerServices, detailers, serviceCategories, services } from '../db/schema.ts';

/** What a catalog write needs: the database and the cache it clears. */
export type CatalogWriter = Pick<AppContext, 'db' | 'catalogCache'>;

// Writes to the catalog. The seed calls these; so will the admin and detailer screens (with their access checks).

export async function ensureServiceCategory({ db, catalogCache }: CatalogWriter, name: string): Promise<number> {
  await db.insert(serviceCategories).values({ name }).onConflictDoNothing();
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
};

export async function ensureDetailerProfile({ db, catalogCache }: CatalogWriter, userId: number, input: DetailerProfileInput) {
  // The rating given here is history (the seed's): reviews written in Glossly add to it (decision 020).
  const history = { historyRating: input.rating, historyReviewCount: input.reviewCount };
  await db.insert(detailers).values({ userId, ...input, ...history }).onConflictDoNothing({ target: detailers.userId });
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
};

/** Lists a service under a detailer, who also offers it. */
export async function ensureService({ db, catalogCache }: CatalogWriter, detailerId: number, input: ServiceInput): Promise<number> {
  const existing = await db
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.detailerId, detailerId), eq(sql`lower(${services.name})`, input.name.toLowerCase())));
  const id = existing[0]?.id ?? (await db.insert(services).values({ detailerId, ...input }).returning({ id: services.id }))[0]!.id;
  await offerService({ db, catalogCache }, detailerId, id);
  return id;
}

export async function offerService({ db, catalogCache }: CatalogWriter, detailerId: number, serviceId: number) {
  await db.insert(detailerServices).values({ detailerId, serviceId }).onConflictDoNothing();
  catalogCache.clear();
}
