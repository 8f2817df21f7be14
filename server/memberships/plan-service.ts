import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import { badRequest, conflict, notFound } from '@core/errors.ts';
import { bestValuePlanId } from '@core/domain/membership-billing.ts';
import type { AdminMembershipPlan, MembershipPlan, PlanInput } from '@core/schemas/memberships.ts';
import type { Database } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { membershipPlanCategories, membershipPlans, memberships, serviceCategories } from '../db/schema.ts';
import { requireRole, type Actor } from '../identity/access.ts';

/** Plans admins sell ('Manage Plans') and customers compare ('Subscription Plans'), decision 022. */

export type PlanRow = typeof membershipPlans.$inferSelect;

export const duplicatePlanNameMessage = (name: string) => `A plan named "${name}" already exists`;
export const planNotOnSaleMessage = 'This plan is not available any more. Please choose another plan.';

async function categoriesByPlan(db: Database, planIds: number[]) {
  const byPlan = new Map<number, { id: number; name: string }[]>();
  if (planIds.length === 0) return byPlan;
  const rows = await db
    .select({ planId: membershipPlanCategories.planId, id: serviceCategories.id, name: serviceCategories.name })
    .from(membershipPlanCategories)
    .innerJoin(serviceCategories, eq(serviceCategories.id, membershipPlanCategories.categoryId))
    .where(inArray(membershipPlanCategories.planId, planIds))
    .orderBy(asc(serviceCategories.sortOrder), asc(serviceCategories.id));
  for (const row of rows) byPlan.set(row.planId, [...(byPlan.get(row.planId) ?? []), { id: row.id, name: row.name }]);
  return byPlan;
}

/** Plans as the API shows them; the best value is decided among the plans on sale. */
export async function toPlans(db: Database, rows: PlanRow[]): Promise<MembershipPlan[]> {
  const categories = await categoriesByPlan(
    db,
    rows.map((r) => r.id),
  );
  const onSale = await db.select().from(membershipPlans).where(eq(membershipPlans.status, 'active'));
  const best = bestValuePlanId(onSale);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    monthlyPriceCents: row.monthlyPriceCents,
    includedVisitsPerMonth: row.includedVisitsPerMonth,
    discountBasisPoints: row.discountBasisPoints,
    coveredPriceLimitCents: row.coveredPriceLimitCents,
    perks: row.perks,
    status: row.status,
    categories: categories.get(row.id) ?? [],
    bestValue: row.status === 'active' && row.id === best,
  }));
}

const planOrder = [asc(membershipPlans.sortOrder), asc(membershipPlans.monthlyPriceCents), asc(membershipPlans.id)];

/** GET /api/membership-plans: the plans on sale, for anyone (signed in or not). */
export async function listActivePlans(db: Database): Promise<MembershipPlan[]> {
  const rows = await db
    .select()
    .from(membershipPlans)
    .where(eq(membershipPlans.status, 'active'))
    .orderBy(...planOrder);
  return toPlans(db, rows);
}

/** GET /api/admin/membership-plans: every plan, retired ones too, with their members (admins only). */
export async function listAllPlans(db: Database, actor: Actor): Promise<AdminMembershipPlan[]> {
  requireRole(actor, 'admin');
  const rows = await db
    .select()
    .from(membershipPlans)
    .orderBy(...planOrder);
  const counts = await db
    .select({ planId: memberships.planId, members: count() })
    .from(memberships)
    .where(ne(memberships.status, 'canceled'))
    .groupBy(memberships.planId);
  const members = new Map(counts.map((c) => [c.planId, Number(c.members)]));
  return (await toPlans(db, rows)).map((plan) => ({ ...plan, memberCount: members.get(plan.id) ?? 0 }));
}

async function checkCategories(db: Database, categoryIds: number[]): Promise<number[]> {
  const unique = [...new Set(categoryIds)];
  if (unique.length === 0) return unique;
  const found = await db.select({ id: serviceCategories.id }).from(serviceCategories).where(inArray(serviceCategories.id, unique));
  if (found.length !== unique.length)
    throw badRequest('Choose categories from the catalog', { categoryIds: 'Choose categories from the catalog' });
  return unique;
}

async function writePlan(db: Database, planId: number | null, input: PlanInput, now: Date): Promise<number> {
  const categoryIds = await checkCategories(db, input.categoryIds);
  if (input.includedVisitsPerMonth > 0 && categoryIds.length === 0) {
    throw badRequest('Choose the categories the included visits cover', { categoryIds: 'Choose the categories the included visits cover' });
  }
  const values = {
    name: input.name,
    monthlyPriceCents: input.monthlyPriceCents,
    includedVisitsPerMonth: input.includedVisitsPerMonth,
    discountBasisPoints: input.discountBasisPoints,
    coveredPriceLimitCents: input.coveredPriceLimitCents,
    perks: input.perks,
    status: input.status,
    updatedAt: now,
  };
  try {
    return await db.transaction(async (tx) => {
      let id = planId;
      if (id === null) {
        const [row] = await tx
          .insert(membershipPlans)
          .values({ ...values, createdAt: now })
          .returning({ id: membershipPlans.id });
        id = row!.id;
      } else {
        const [current] = await tx.select().from(membershipPlans).where(eq(membershipPlans.id, id)).for('update');
        if (!current) throw notFound('Plan not found');
        // A new price needs a new Stripe price: the old one keeps billing nobody new.
        const priceChanged = current.monthlyPriceCents !== input.monthlyPriceCents;
        await tx
          .update(membershipPlans)
          .set({ ...values, ...(priceChanged ? { stripePriceRef: null } : {}) })
          .where(eq(membershipPlans.id, id));
        await tx.delete(membershipPlanCategories).where(eq(membershipPlanCategories.planId, id));
      }
      if (categoryIds.length > 0)
        await tx.insert(membershipPlanCategories).values(categoryIds.map((categoryId) => ({ planId: id, categoryId })));
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'membership_plans_name_unique')) throw conflict(duplicatePlanNameMessage(input.name));
    throw error;
  }
}

async function onePlan(db: Database, id: number): Promise<AdminMembershipPlan> {
  const [row] = await db.select().from(membershipPlans).where(eq(membershipPlans.id, id));
  const [counted] = await db
    .select({ members: count() })
    .from(memberships)
    .where(and(eq(memberships.planId, id), ne(memberships.status, 'canceled')));
  const [plan] = await toPlans(db, [row!]);
  return { ...plan!, memberCount: Number(counted?.members ?? 0) };
}

/** POST /api/admin/membership-plans */
export async function createPlan(db: Database, actor: Actor, now: Date, input: PlanInput): Promise<AdminMembershipPlan> {
  requireRole(actor, 'admin');
  return onePlan(db, await writePlan(db, null, input, now));
}

/** PUT /api/admin/membership-plans/:id: edits, retires or reactivates; members of a retired plan keep it. */
export async function updatePlan(db: Database, actor: Actor, now: Date, id: number, input: PlanInput): Promise<AdminMembershipPlan> {
  requireRole(actor, 'admin');
  return onePlan(db, await writePlan(db, id, input, now));
}

/** A plan on sale, for subscribing or changing to it. */
export async function planOnSale(db: Database, id: number): Promise<PlanRow> {
  const [row] = await db.select().from(membershipPlans).where(eq(membershipPlans.id, id));
  if (!row) throw notFound('Plan not found');
  if (row.status !== 'active') throw conflict(planNotOnSaleMessage);
  return row;
}
