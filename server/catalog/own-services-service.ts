import { and, asc, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { badRequest, conflict, notFound } from '@core/errors.ts';
import {
  duplicateServiceNameMessage,
  serviceHasUpcomingBookingsMessage,
  type DeleteOwnServiceResult,
  type OwnService,
  type OwnServiceInput,
  type OwnServiceUpdate,
} from '@core/schemas/own-service.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { bookings, detailerServices, detailers, serviceCategories, services } from '../db/schema.ts';
import { requireRole, type Actor } from '../identity/access.ts';
import { requireOwnUpload } from '../uploads/upload-service.ts';
import { holdsTime } from '../db/time-holds.ts';
import { replaceSurcharges } from './catalog-admin-service.ts';
import { loadSurcharges, serviceImageUrl } from './catalog-service.ts';
import { isListedDetailer } from '../onboarding/listing.ts';

// A detailer's own services (issue 17, decision 020): the services they listed (services.detailer_id), not the ones
// they only offer through detailer_services. Someone else's service answers the same 404 as a missing one; an
// archived service is gone for its detailer too. Every write clears the catalog cache, so customers see it at once.

type OwnServicesContext = Pick<AppContext, 'db' | 'catalogCache'>;
type ServiceRow = typeof services.$inferSelect;

const serviceNotFound = () => notFound('Service not found');
const categoryMessage = 'Choose a category that exists';

/** The signed-in detailer's profile id; customers and admins are refused (403), an account without a profile 404. */
async function ownDetailerId(db: Database, actor: Actor): Promise<{ userId: number; detailerId: number }> {
  const user = requireRole(actor, 'detailer');
  const [row] = await db.select({ id: detailers.id }).from(detailers).where(eq(detailers.userId, user.id));
  if (!row) throw notFound('Detailer profile not found');
  return { userId: user.id, detailerId: row.id };
}

/** The detailer's own, not archived service; 404 otherwise. `lock` holds it (FOR UPDATE) until the transaction ends. */
async function ownServiceRow(db: Database, detailerId: number, id: number, { lock = false } = {}): Promise<ServiceRow> {
  const query = db
    .select()
    .from(services)
    .where(and(eq(services.id, id), eq(services.detailerId, detailerId), isNull(services.archivedAt)));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw serviceNotFound();
  return row;
}

/** What the editor sends that points elsewhere: the category must exist and the photo be the detailer's upload. */
async function checkReferences(db: Database, userId: number, input: OwnServiceUpdate) {
  if (input.categoryId !== undefined) {
    const [category] = await db
      .select({ id: serviceCategories.id })
      .from(serviceCategories)
      .where(eq(serviceCategories.id, input.categoryId));
    if (!category) throw badRequest(categoryMessage, { categoryId: categoryMessage });
  }
  if (input.imageUploadId !== undefined && input.imageUploadId !== null) {
    await requireOwnUpload(db, userId, input.imageUploadId, 'imageUploadId');
  }
}

/**
 * One name per detailer, whatever the case (services_detailer_name_unique). An archived service keeps its name for
 * its past bookings, so it counts too. Checked first for a clear message; the index decides races.
 */
async function requireFreeName(db: Database, detailerId: number, name: string, exceptId: number | null) {
  const [taken] = await db
    .select({ id: services.id })
    .from(services)
    .where(
      and(
        eq(services.detailerId, detailerId),
        eq(sql`lower(${services.name})`, name.toLowerCase()),
        exceptId === null ? undefined : ne(services.id, exceptId),
      ),
    );
  if (taken) throw conflict(duplicateServiceNameMessage(name));
}

function refuseDuplicateName(error: unknown, name: string | undefined): never {
  if (name !== undefined && isUniqueViolation(error, 'services_detailer_name_unique')) throw conflict(duplicateServiceNameMessage(name));
  throw error;
}

/** Each service's bookings: those that still hold it (upcoming or under way) and all of them. */
async function bookingCounts(db: Database, serviceIds: number[], now: Date) {
  const counts = new Map<number, { upcoming: number; total: number }>();
  if (serviceIds.length === 0) return counts;
  const rows = await db
    .select({
      serviceId: bookings.serviceId,
      upcoming: sql<number>`(count(*) filter (where ${holdsTime(now)}))::int`,
      total: count(),
    })
    .from(bookings)
    .where(inArray(bookings.serviceId, serviceIds))
    .groupBy(bookings.serviceId);
  for (const row of rows) counts.set(row.serviceId, { upcoming: Number(row.upcoming), total: Number(row.total) });
  return counts;
}

async function toOwnServices(db: Database, rows: ServiceRow[], now: Date): Promise<OwnService[]> {
  const ids = rows.map((row) => row.id);
  const categoryIds = [...new Set(rows.map((row) => row.categoryId))];
  const [surcharges, counts, categories] = await Promise.all([
    loadSurcharges(db, ids),
    bookingCounts(db, ids, now),
    categoryIds.length === 0 ? [] : db.select().from(serviceCategories).where(inArray(serviceCategories.id, categoryIds)),
  ]);
  const categoryName = new Map(categories.map((category) => [category.id, category.name]));
  // Whether customers can book them: the same listing rule the catalog and booking creation apply (decision 021).
  const detailerIds = [...new Set(rows.map((row) => row.detailerId).filter((id): id is number => id !== null))];
  const listed = new Map(await Promise.all(detailerIds.map(async (id) => [id, await isListedDetailer(db, id)] as const)));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    categoryId: row.categoryId,
    categoryName: categoryName.get(row.categoryId) ?? '',
    priceCents: row.priceCents,
    durationMinutes: row.durationMinutes,
    imageUploadId: row.imageUploadId,
    imageUrl: serviceImageUrl(row),
    checklist: row.checklist,
    surcharges: surcharges.get(row.id) ?? [],
    pausedAt: row.pausedAt?.toISOString() ?? null,
    bookable: row.pausedAt === null && row.detailerId !== null && listed.get(row.detailerId) === true,
    upcomingBookingCount: counts.get(row.id)?.upcoming ?? 0,
    hasBookings: (counts.get(row.id)?.total ?? 0) > 0,
    createdAt: row.createdAt.toISOString(),
  }));
}

const toOwnService = async (db: Database, row: ServiceRow, now: Date) => (await toOwnServices(db, [row], now))[0]!;

/** GET /api/detailer/services: the services the detailer listed, by name; an account without a profile has none. */
export async function listOwnServices(ctx: OwnServicesContext, actor: Actor, now: Date): Promise<OwnService[]> {
  const user = requireRole(actor, 'detailer');
  const rows = await ctx.db
    .select({ service: services })
    .from(services)
    .innerJoin(detailers, eq(detailers.id, services.detailerId))
    .where(and(eq(detailers.userId, user.id), isNull(services.archivedAt)))
    .orderBy(asc(sql`lower(${services.name})`), asc(services.id));
  return toOwnServices(
    ctx.db,
    rows.map((row) => row.service),
    now,
  );
}

/** GET /api/detailer/services/:id: one of them, for the editor. */
export async function getOwnService(ctx: OwnServicesContext, actor: Actor, now: Date, id: number): Promise<OwnService> {
  const { detailerId } = await ownDetailerId(ctx.db, actor);
  return toOwnService(ctx.db, await ownServiceRow(ctx.db, detailerId, id), now);
}

/** POST /api/detailer/services: listed under the detailer, who offers it at once (bookable unless paused later). */
export async function createOwnService(ctx: OwnServicesContext, actor: Actor, now: Date, input: OwnServiceInput): Promise<OwnService> {
  const { userId, detailerId } = await ownDetailerId(ctx.db, actor);
  await checkReferences(ctx.db, userId, input);
  await requireFreeName(ctx.db, detailerId, input.name, null);
  const row = await ctx.db
    .transaction(async (tx) => {
      const [inserted] = await tx
        .insert(services)
        .values({
          detailerId,
          categoryId: input.categoryId,
          name: input.name,
          description: input.description,
          priceCents: input.priceCents,
          durationMinutes: input.durationMinutes,
          imageUploadId: input.imageUploadId ?? null,
          checklist: input.checklist,
          createdAt: now,
        })
        .returning();
      await tx.insert(detailerServices).values({ detailerId, serviceId: inserted!.id });
      await replaceSurcharges(tx, inserted!.id, input.surcharges);
      return inserted!;
    })
    .catch((error: unknown) => refuseDuplicateName(error, input.name));
  ctx.catalogCache.clear();
  return toOwnService(ctx.db, row, now);
}

/** PATCH /api/detailer/services/:id: bookings already made keep their price and surcharge (they hold copies). */
export async function updateOwnService(
  ctx: OwnServicesContext,
  actor: Actor,
  now: Date,
  id: number,
  input: OwnServiceUpdate,
): Promise<OwnService> {
  const { userId, detailerId } = await ownDetailerId(ctx.db, actor);
  await ownServiceRow(ctx.db, detailerId, id);
  await checkReferences(ctx.db, userId, input);
  if (input.name !== undefined) await requireFreeName(ctx.db, detailerId, input.name, id);
  const { surcharges, ...fields } = input;
  const row = await ctx.db
    .transaction(async (tx) => {
      const current = await ownServiceRow(tx, detailerId, id, { lock: true });
      const [updated] =
        Object.keys(fields).length === 0 ? [current] : await tx.update(services).set(fields).where(eq(services.id, id)).returning();
      if (surcharges !== undefined) await replaceSurcharges(tx, id, surcharges);
      return updated!;
    })
    .catch((error: unknown) => refuseDuplicateName(error, input.name));
  ctx.catalogCache.clear();
  return toOwnService(ctx.db, row, now);
}

/**
 * POST /api/detailer/services/:id/pause and /resume: a paused service leaves the catalog and booking at once; its
 * bookings go on. Pausing a paused service keeps the first moment.
 */
export async function setOwnServicePaused(
  ctx: OwnServicesContext,
  actor: Actor,
  now: Date,
  id: number,
  paused: boolean,
): Promise<OwnService> {
  const { detailerId } = await ownDetailerId(ctx.db, actor);
  const current = await ownServiceRow(ctx.db, detailerId, id);
  // An UPDATE waits for a booking holding the row (FOR SHARE, create-booking.ts); a booking after it sees the pause.
  const [row] = await ctx.db
    .update(services)
    .set({ pausedAt: paused ? (current.pausedAt ?? now) : null })
    .where(and(eq(services.id, id), eq(services.detailerId, detailerId), isNull(services.archivedAt)))
    .returning();
  if (!row) throw serviceNotFound();
  ctx.catalogCache.clear();
  return toOwnService(ctx.db, row, now);
}

/**
 * DELETE /api/detailer/services/:id: refused (409) while bookings still hold it; archived when it has past bookings
 * (they keep showing what was booked); removed for good, with its surcharges, when it was never booked.
 */
export async function deleteOwnService(ctx: OwnServicesContext, actor: Actor, now: Date, id: number): Promise<DeleteOwnServiceResult> {
  const { detailerId } = await ownDetailerId(ctx.db, actor);
  const result = await ctx.db.transaction(async (tx) => {
    // Held until commit: a booking being made (FOR SHARE) finishes first and is counted; a later one sees the archive.
    await ownServiceRow(tx, detailerId, id, { lock: true });
    const counts = (await bookingCounts(tx, [id], now)).get(id);
    if (counts && counts.upcoming > 0) throw conflict(serviceHasUpcomingBookingsMessage);
    if (counts && counts.total > 0) {
      await tx.update(services).set({ archivedAt: now }).where(eq(services.id, id));
      return { outcome: 'archived' } as const;
    }
    await tx.delete(services).where(eq(services.id, id));
    return { outcome: 'deleted' } as const;
  });
  ctx.catalogCache.clear();
  return result;
}
