import { and, asc, eq, ilike, inArray, isNull, ne, sql } from 'drizzle-orm';
import { conflict, notFound } from '@core/errors.ts';
import {
  adminIdParamsSchema,
  adminServicesPageSize,
  adminServicesQuerySchema,
  adminServiceUpdateSchema,
  type AdminService,
  type AdminServicesResponse,
} from '@core/schemas/admin-catalog.ts';
import { duplicateServiceNameMessage } from '@core/schemas/own-service.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { detailers, serviceCategories, services } from '../db/schema.ts';
import { parse } from '../http/validate.ts';
import { requireRole, type Actor } from '../identity/access.ts';
import { requireOwnUpload } from '../uploads/upload-service.ts';
import { serviceImageUrl } from '../catalog/catalog-service.ts';

// Every service across detailers (issue 19), admins only: search, filter, pause, resume, edit texts and photo.
// Archived services stay out (they only live on for their bookings' history). Writes clear the catalog cache.

type ServicesContext = Pick<AppContext, 'db' | 'catalogCache' | 'transaction'>;

const serviceNotFound = () => notFound('Service not found');

/** LIKE's own characters typed in a search are matched as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const columns = {
  service: services,
  categoryName: serviceCategories.name,
  categoryHiddenAt: serviceCategories.hiddenAt,
  businessName: detailers.businessName,
};

type Row = { service: typeof services.$inferSelect; categoryName: string; categoryHiddenAt: Date | null; businessName: string };

function toAdminService({ service, categoryName, categoryHiddenAt, businessName }: Row): AdminService {
  return {
    id: service.id,
    name: service.name,
    description: service.description,
    priceCents: service.priceCents,
    durationMinutes: service.durationMinutes,
    imageUrl: serviceImageUrl(service),
    imageUploadId: service.imageUploadId,
    categoryId: service.categoryId,
    categoryName,
    isCategoryHidden: categoryHiddenAt !== null,
    detailerId: service.detailerId,
    businessName,
    isPaused: service.pausedAt !== null,
  };
}

const joined = (db: Database) =>
  db
    .select(columns)
    .from(services)
    .innerJoin(serviceCategories, eq(serviceCategories.id, services.categoryId))
    .innerJoin(detailers, eq(detailers.id, services.detailerId));

/** GET /api/admin/services: by name, then detailer; at most adminServicesPageSize, and whether more matched. */
export async function listAdminServices(ctx: Pick<AppContext, 'db'>, actor: Actor, query: unknown): Promise<AdminServicesResponse> {
  requireRole(actor, 'admin');
  const filter = parse(adminServicesQuerySchema, query);
  const rows = await joined(ctx.db)
    .where(
      and(
        isNull(services.archivedAt),
        filter.q ? ilike(services.name, likePattern(filter.q)) : undefined,
        filter.categoryId === undefined ? undefined : eq(services.categoryId, filter.categoryId),
        filter.detailerId === undefined ? undefined : eq(services.detailerId, filter.detailerId),
      ),
    )
    .orderBy(asc(sql`lower(${services.name})`), asc(detailers.businessName), asc(services.id))
    .limit(adminServicesPageSize + 1);
  const listing = await ctx.db
    .selectDistinct({ id: detailers.id, businessName: detailers.businessName })
    .from(detailers)
    .where(inArray(detailers.id, ctx.db.select({ id: services.detailerId }).from(services).where(isNull(services.archivedAt))))
    .orderBy(asc(detailers.businessName), asc(detailers.id));
  return {
    services: rows.slice(0, adminServicesPageSize).map(toAdminService),
    detailers: listing,
    hasMore: rows.length > adminServicesPageSize,
  };
}

async function adminService(db: Database, id: number): Promise<AdminService> {
  const [row] = await joined(db).where(and(eq(services.id, id), isNull(services.archivedAt)));
  if (!row) throw serviceNotFound();
  return toAdminService(row);
}

/** The service, not archived, held FOR UPDATE: a pause waits for a booking holding it (FOR SHARE) and the reverse. */
async function lockService(db: Database, id: number) {
  const [row] = await db
    .select()
    .from(services)
    .where(and(eq(services.id, id), isNull(services.archivedAt)))
    .for('update');
  if (!row) throw serviceNotFound();
  return row;
}

/**
 * PATCH /api/admin/services/:id: name, description and photo. The name stays unique among the detailer's services
 * (services_detailer_name_unique); the photo must be the admin's own upload, so an admin cannot make someone
 * else's private picture public by pointing a service at it.
 */
export async function updateAdminService(ctx: ServicesContext, actor: Actor, params: unknown, body: unknown): Promise<AdminService> {
  const admin = requireRole(actor, 'admin');
  const { id } = parse(adminIdParamsSchema, params);
  const input = parse(adminServiceUpdateSchema, body);
  await ctx
    .transaction(async (tx) => {
      const current = await lockService(tx.db, id);
      if (input.imageUploadId !== undefined && input.imageUploadId !== null && input.imageUploadId !== current.imageUploadId) {
        await requireOwnUpload(tx.db, admin.id, input.imageUploadId, 'imageUploadId');
      }
      if (input.name !== undefined) {
        const [taken] = await tx.db
          .select({ id: services.id })
          .from(services)
          .where(
            and(
              eq(services.detailerId, current.detailerId),
              eq(sql`lower(${services.name})`, input.name.toLowerCase()),
              ne(services.id, id),
            ),
          );
        if (taken) throw conflict(duplicateServiceNameMessage(input.name));
      }
      await tx.db
        .update(services)
        .set({
          ...(input.name === undefined ? {} : { name: input.name }),
          ...(input.description === undefined ? {} : { description: input.description }),
          ...(input.imageUploadId === undefined ? {} : { imageUploadId: input.imageUploadId }),
        })
        .where(eq(services.id, id));
    })
    .catch((error: unknown) => {
      if (input.name !== undefined && isUniqueViolation(error, 'services_detailer_name_unique'))
        throw conflict(duplicateServiceNameMessage(input.name));
      throw error;
    });
  ctx.catalogCache.clear();
  return adminService(ctx.db, id);
}

/**
 * POST /api/admin/services/:id/pause and /resume: a paused service leaves the catalog and booking at once; its
 * bookings go on. Pausing a paused service keeps the first moment (the detailer's own pause works the same way).
 */
export async function setAdminServicePaused(
  ctx: ServicesContext,
  actor: Actor,
  now: Date,
  params: unknown,
  paused: boolean,
): Promise<AdminService> {
  requireRole(actor, 'admin');
  const { id } = parse(adminIdParamsSchema, params);
  await ctx.transaction(async (tx) => {
    const current = await lockService(tx.db, id);
    await tx.db
      .update(services)
      .set({ pausedAt: paused ? (current.pausedAt ?? now) : null })
      .where(eq(services.id, id));
  });
  ctx.catalogCache.clear();
  return adminService(ctx.db, id);
}
