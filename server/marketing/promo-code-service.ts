import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { badRequest, conflict, forbidden, notFound } from '@core/errors.ts';
import { promoCodeState } from '@core/domain/promo-codes.ts';
import type { DetailerMarketing, ParsedPromoCodeInput, PromoCode, PromoCodeOptions } from '@core/schemas/promo-codes.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { detailerServices, detailers, promoCodes, services } from '../db/schema.ts';
import { requireRole, type Actor } from '../identity/access.ts';

/** Promo codes (issue 19): the admin's codes for everything, and a detailer's own codes for their services. */

type PromoCodeRow = typeof promoCodes.$inferSelect;

export const codeTakenMessage = (code: string) => `The code ${code} is taken. Choose another code.`;

export function toPromoCode(row: PromoCodeRow, now: Date): PromoCode {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    percentOff: row.percentOff,
    amountOffCents: row.amountOffCents,
    minOrderCents: row.minOrderCents,
    serviceIds: row.serviceIds,
    detailerIds: row.detailerIds,
    ownerDetailerId: row.ownerDetailerId,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    firstBookingOnly: row.firstBookingOnly,
    usesCount: row.usesCount,
    status: promoCodeState(row, now),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every id in `ids` names a row `known` returned; otherwise a 400 naming the field. */
function requireKnown(ids: number[], known: number[], field: 'serviceIds' | 'detailerIds', message: string) {
  const missing = ids.filter((id) => !known.includes(id));
  if (missing.length > 0) throw badRequest(message, { [field]: message });
}

async function insertCode(
  db: Database,
  input: ParsedPromoCodeInput,
  now: Date,
  extra: { ownerDetailerId: number | null; createdByUserId: number },
) {
  const startsAt = input.startsAt ? new Date(input.startsAt) : now;
  const endsAt = input.endsAt ? new Date(input.endsAt) : null;
  if (endsAt && endsAt.getTime() <= startsAt.getTime())
    throw badRequest('End must be after the start', { endsAt: 'End must be after the start' });
  try {
    const [row] = await db
      .insert(promoCodes)
      .values({
        code: input.code,
        kind: input.kind,
        percentOff: input.kind === 'percent' ? input.percentOff : null,
        amountOffCents: input.kind === 'fixed' ? input.amountOffCents : null,
        minOrderCents: input.minOrderCents,
        serviceIds: input.serviceIds,
        detailerIds: input.detailerIds,
        ownerDetailerId: extra.ownerDetailerId,
        startsAt,
        endsAt,
        maxUses: input.maxUses,
        maxUsesPerCustomer: input.maxUsesPerCustomer,
        firstBookingOnly: input.firstBookingOnly,
        createdByUserId: extra.createdByUserId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error, 'promo_codes_code_unique')) throw conflict(codeTakenMessage(input.code));
    throw error;
  }
}

// ---- Admin ----------------------------------------------------------------------------------------------------

/** GET /api/admin/promo-codes: every code, the newest first. */
export async function listPromoCodes(ctx: AppContext, actor: Actor, now: Date): Promise<PromoCode[]> {
  requireRole(actor, 'admin');
  const rows = await ctx.db.select().from(promoCodes).orderBy(desc(promoCodes.id));
  return rows.map((row) => toPromoCode(row, now));
}

/** GET /api/admin/promo-codes/options: what the new-code form's pickers offer. */
export async function promoCodeOptions(ctx: AppContext, actor: Actor): Promise<PromoCodeOptions> {
  requireRole(actor, 'admin');
  const detailerRows = await ctx.db
    .select({ id: detailers.id, name: detailers.businessName })
    .from(detailers)
    .orderBy(asc(detailers.businessName));
  const serviceRows = await ctx.db
    .select({ id: services.id, name: services.name, detailerId: services.detailerId, detailerName: detailers.businessName })
    .from(services)
    .innerJoin(detailers, eq(detailers.id, services.detailerId))
    .where(isNull(services.archivedAt))
    .orderBy(asc(services.name), asc(services.id));
  return { services: serviceRows, detailers: detailerRows };
}

/** POST /api/admin/promo-codes: a platform code (the platform funds its discount). */
export async function createPromoCode(ctx: AppContext, actor: Actor, now: Date, input: ParsedPromoCodeInput): Promise<PromoCode> {
  const admin = requireRole(actor, 'admin');
  if (input.serviceIds.length > 0) {
    const known = await ctx.db.select({ id: services.id }).from(services).where(inArray(services.id, input.serviceIds));
    requireKnown(
      input.serviceIds,
      known.map((r) => r.id),
      'serviceIds',
      'Choose services from the list',
    );
  }
  if (input.detailerIds.length > 0) {
    const known = await ctx.db.select({ id: detailers.id }).from(detailers).where(inArray(detailers.id, input.detailerIds));
    requireKnown(
      input.detailerIds,
      known.map((r) => r.id),
      'detailerIds',
      'Choose detailers from the list',
    );
  }
  const row = await insertCode(ctx.db, input, now, { ownerDetailerId: null, createdByUserId: admin.id });
  return toPromoCode(row, now);
}

/** POST /api/admin/promo-codes/:id/pause and /resume: any code, a detailer's own included. */
export async function setPromoCodePaused(ctx: AppContext, actor: Actor, now: Date, id: number, paused: boolean): Promise<PromoCode> {
  requireRole(actor, 'admin');
  return setPaused(ctx.db, now, id, paused);
}

async function setPaused(db: Database, now: Date, id: number, paused: boolean, ownerDetailerId?: number): Promise<PromoCode> {
  const [row] = await db
    .update(promoCodes)
    .set({ pausedAt: paused ? now : null, updatedAt: now })
    .where(and(eq(promoCodes.id, id), ownerDetailerId === undefined ? undefined : eq(promoCodes.ownerDetailerId, ownerDetailerId)))
    .returning();
  if (!row) throw notFound('Promo code not found');
  return toPromoCode(row, now);
}

// ---- Detailer -------------------------------------------------------------------------------------------------

async function requireDetailerProfile(db: Database, actor: Actor) {
  const user = requireRole(actor, 'detailer');
  const [profile] = await db
    .select({ id: detailers.id, businessName: detailers.businessName })
    .from(detailers)
    .where(eq(detailers.userId, user.id));
  if (!profile) throw forbidden('Set up your detailer profile first');
  return { user, profile };
}

/** The services a detailer offers (their own listings and the ones they took on), not archived. */
async function offeredServices(db: Database, detailerId: number) {
  return db
    .select({ id: services.id, name: services.name })
    .from(detailerServices)
    .innerJoin(services, eq(services.id, detailerServices.serviceId))
    .where(and(eq(detailerServices.detailerId, detailerId), isNull(services.archivedAt)))
    .orderBy(asc(services.name));
}

/** GET /api/detailer/promo-codes: the detailer's own codes, their services and their profile link. */
export async function getDetailerMarketing(ctx: AppContext, actor: Actor, now: Date): Promise<DetailerMarketing> {
  const { profile } = await requireDetailerProfile(ctx.db, actor);
  const rows = await ctx.db.select().from(promoCodes).where(eq(promoCodes.ownerDetailerId, profile.id)).orderBy(desc(promoCodes.id));
  return {
    detailerId: profile.id,
    businessName: profile.businessName,
    profilePath: `/detailers/${profile.id}`,
    services: await offeredServices(ctx.db, profile.id),
    codes: rows.map((row) => toPromoCode(row, now)),
  };
}

/**
 * POST /api/detailer/promo-codes: a code for the detailer's own services only. Whatever detailers the body names,
 * the code is theirs (owner and the one detailer it applies to), and they fund its discount.
 */
export async function createDetailerPromoCode(ctx: AppContext, actor: Actor, now: Date, input: ParsedPromoCodeInput): Promise<PromoCode> {
  const { user, profile } = await requireDetailerProfile(ctx.db, actor);
  if (input.detailerIds.some((id) => id !== profile.id)) {
    throw badRequest('A code of yours can only be for your own services', { detailerIds: 'Only your own business' });
  }
  const offered = (await offeredServices(ctx.db, profile.id)).map((s) => s.id);
  requireKnown(input.serviceIds, offered, 'serviceIds', 'Choose from your own services');
  const row = await insertCode(ctx.db, { ...input, detailerIds: [profile.id] }, now, {
    ownerDetailerId: profile.id,
    createdByUserId: user.id,
  });
  return toPromoCode(row, now);
}

/** POST /api/detailer/promo-codes/:id/pause and /resume: their own codes only (anyone else's is a 404). */
export async function setDetailerPromoCodePaused(
  ctx: AppContext,
  actor: Actor,
  now: Date,
  id: number,
  paused: boolean,
): Promise<PromoCode> {
  const { profile } = await requireDetailerProfile(ctx.db, actor);
  return setPaused(ctx.db, now, id, paused, profile.id);
}
