import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { membershipPlanCategories, membershipPlans, serviceCategories } from '../db/schema.ts';

/** The three plans a demo sells (issue 18): Plus is the best value per visit. */
export const seedPlans = [
  {
    name: 'Basic',
    monthlyPriceCents: 3900,
    includedVisitsPerMonth: 1,
    discountBasisPoints: 500,
    coveredPriceLimitCents: 10000,
    perks: 'One exterior wash a month. 5 % off every other service.',
    categories: ['Exterior'],
    sortOrder: 1,
  },
  {
    name: 'Plus',
    monthlyPriceCents: 6900,
    includedVisitsPerMonth: 2,
    discountBasisPoints: 1000,
    coveredPriceLimitCents: 15000,
    perks: 'Two visits a month, exterior or interior. 10 % off everything else. Priority booking.',
    categories: ['Exterior', 'Interior'],
    sortOrder: 2,
  },
  {
    name: 'Premium',
    monthlyPriceCents: 13900,
    includedVisitsPerMonth: 4,
    discountBasisPoints: 1500,
    coveredPriceLimitCents: 20000,
    perks: 'Four visits a month, exterior or interior. 15 % off everything else, paint protection included.',
    categories: ['Exterior', 'Interior'],
    sortOrder: 3,
  },
] as const;

/** Adds the demo's plans once (a plan of the same name is left as an admin made it). */
export async function seedMembershipPlans(db: Database): Promise<void> {
  const categories = await db
    .select({ id: serviceCategories.id, name: serviceCategories.name })
    .from(serviceCategories)
    .where(inArray(serviceCategories.name, ['Exterior', 'Interior']));
  if (categories.length === 0) return;
  for (const { categories: names, ...plan } of seedPlans) {
    const [created] = await db.insert(membershipPlans).values(plan).onConflictDoNothing().returning({ id: membershipPlans.id });
    if (!created) continue;
    const ids = categories.filter((c) => (names as readonly string[]).includes(c.name)).map((c) => c.id);
    if (ids.length > 0) await db.insert(membershipPlanCategories).values(ids.map((categoryId) => ({ planId: created.id, categoryId })));
  }
}
