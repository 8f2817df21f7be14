import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import { conflict, notFound } from '@core/errors.ts';
import {
  adminCategoryInputSchema,
  adminCategoryUpdateSchema,
  adminIdParamsSchema,
  categoryAtEdgeMessage,
  categoryMoveSchema,
  categoryNotFoundMessage,
  duplicateCategoryMessage,
  type AdminCategory,
} from '@core/schemas/admin-catalog.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { serviceCategories, services } from '../db/schema.ts';
import { parse } from '../http/validate.ts';
import { requireRole, type Actor } from '../identity/access.ts';

// The categories customers browse (issue 19), admins only: each operation checks the role before it reads its
// input. Every write clears the catalog cache after commit, so the home screen shows it at once.

type CategoriesContext = Pick<AppContext, 'db' | 'catalogCache' | 'transaction'>;

/**
 * Category writes queue one after another: names are unique whatever the case (the column's index only knows the
 * exact case) and a move renumbers the whole order. The lock lets catalog reads and bookings through.
 */
async function lockCategories(db: Database) {
  await db.execute(sql`lock table ${serviceCategories} in share row exclusive mode`);
}

export async function listAdminCategories(ctx: Pick<AppContext, 'db'>, actor: Actor): Promise<AdminCategory[]> {
  requireRole(actor, 'admin');
  return loadCategories(ctx.db);
}

async function loadCategories(db: Database): Promise<AdminCategory[]> {
  const listed = db
    .select({ categoryId: services.categoryId, n: count().as('n') })
    .from(services)
    .where(isNull(services.archivedAt))
    .groupBy(services.categoryId)
    .as('listed');
  const rows = await db
    .select({ category: serviceCategories, serviceCount: listed.n })
    .from(serviceCategories)
    .leftJoin(listed, eq(listed.categoryId, serviceCategories.id))
    .orderBy(asc(serviceCategories.sortOrder), asc(serviceCategories.id));
  return rows.map(({ category, serviceCount }) => ({
    id: category.id,
    name: category.name,
    sortOrder: category.sortOrder,
    isHidden: category.hiddenAt !== null,
    serviceCount: Number(serviceCount ?? 0),
  }));
}

async function requireFreeName(db: Database, name: string, exceptId: number | null) {
  const [taken] = await db
    .select({ id: serviceCategories.id })
    .from(serviceCategories)
    .where(
      and(
        eq(sql`lower(${serviceCategories.name})`, name.toLowerCase()),
        exceptId === null ? undefined : ne(serviceCategories.id, exceptId),
      ),
    );
  if (taken) throw conflict(duplicateCategoryMessage(name));
}

function refuseDuplicate(error: unknown, name: string | undefined): never {
  if (name !== undefined && isUniqueViolation(error)) throw conflict(duplicateCategoryMessage(name));
  throw error;
}

async function findCategory(db: Database, id: number) {
  const [row] = await db.select().from(serviceCategories).where(eq(serviceCategories.id, id));
  if (!row) throw notFound(categoryNotFoundMessage);
  return row;
}

/** POST /api/admin/categories: last in the order, shown at once. */
export async function createCategory(ctx: CategoriesContext, actor: Actor, body: unknown): Promise<AdminCategory[]> {
  requireRole(actor, 'admin');
  const { name } = parse(adminCategoryInputSchema, body);
  await ctx
    .transaction(async (tx) => {
      await lockCategories(tx.db);
      await requireFreeName(tx.db, name, null);
      const [last] = await tx.db.select({ max: sql<number | null>`max(${serviceCategories.sortOrder})` }).from(serviceCategories);
      await tx.db.insert(serviceCategories).values({ name, sortOrder: Number(last?.max ?? -1) + 1 });
    })
    .catch((error: unknown) => refuseDuplicate(error, name));
  ctx.catalogCache.clear();
  return loadCategories(ctx.db);
}

/** PATCH /api/admin/categories/:id: rename, hide (out of the catalog with its services) or show again. */
export async function updateCategory(
  ctx: CategoriesContext,
  actor: Actor,
  now: Date,
  params: unknown,
  body: unknown,
): Promise<AdminCategory[]> {
  requireRole(actor, 'admin');
  const { id } = parse(adminIdParamsSchema, params);
  const input = parse(adminCategoryUpdateSchema, body);
  await ctx
    .transaction(async (tx) => {
      await lockCategories(tx.db);
      const current = await findCategory(tx.db, id);
      if (input.name !== undefined) await requireFreeName(tx.db, input.name, id);
      // Hiding a hidden category keeps the first moment.
      const hiddenAt = input.isHidden === undefined ? current.hiddenAt : input.isHidden ? (current.hiddenAt ?? now) : null;
      await tx.db
        .update(serviceCategories)
        .set({ name: input.name ?? current.name, hiddenAt })
        .where(eq(serviceCategories.id, id));
    })
    .catch((error: unknown) => refuseDuplicate(error, input.name));
  ctx.catalogCache.clear();
  return loadCategories(ctx.db);
}

/** POST /api/admin/categories/:id/move: swaps places with its neighbour; the order is renumbered 0, 1, 2... */
export async function moveCategory(ctx: CategoriesContext, actor: Actor, params: unknown, body: unknown): Promise<AdminCategory[]> {
  requireRole(actor, 'admin');
  const { id } = parse(adminIdParamsSchema, params);
  const { direction } = parse(categoryMoveSchema, body);
  await ctx.transaction(async (tx) => {
    await lockCategories(tx.db);
    const order = await tx.db
      .select({ id: serviceCategories.id, sortOrder: serviceCategories.sortOrder })
      .from(serviceCategories)
      .orderBy(asc(serviceCategories.sortOrder), asc(serviceCategories.id));
    const index = order.findIndex((row) => row.id === id);
    if (index < 0) throw notFound(categoryNotFoundMessage);
    const target = direction === 'up' ? index - 1 : index + 1;
    if (target < 0 || target >= order.length) throw conflict(categoryAtEdgeMessage(direction));
    [order[index], order[target]] = [order[target]!, order[index]!];
    for (const [position, row] of order.entries()) {
      if (row.sortOrder !== position)
        await tx.db.update(serviceCategories).set({ sortOrder: position }).where(eq(serviceCategories.id, row.id));
    }
  });
  ctx.catalogCache.clear();
  return loadCategories(ctx.db);
}
