import { and, inArray, isNull } from 'drizzle-orm';
import { onboardingStepInfo, onboardingStepKeys, type OnboardingStep, type OnboardingStepKey } from '@core/schemas/onboarding.ts';
import type { Database } from '../db/client.ts';
import { availabilityRules, detailers, payoutAccounts, services } from '../db/schema.ts';

type DetailerRow = typeof detailers.$inferSelect;
/** What the business and area steps read of the profile itself. */
export type ProfileFacts = Pick<DetailerRow, 'id' | 'description' | 'logoUploadId' | 'baseLatitude' | 'baseLongitude'>;

/** Which steps are done, by detailer id: a few queries for the whole batch (the admin list asks for up to 100). */
export async function stepsDoneOf(db: Database, profiles: readonly ProfileFacts[]): Promise<Map<number, Set<OnboardingStepKey>>> {
  const done = new Map<number, Set<OnboardingStepKey>>(profiles.map((p) => [p.id, new Set()]));
  if (profiles.length === 0) return done;
  const ids = profiles.map((p) => p.id);
  for (const p of profiles) {
    const steps = done.get(p.id)!;
    // The setup form asks for a real description (20 characters) and a logo; the name defaults to the person's.
    if (p.description.trim().length >= 20 && p.logoUploadId !== null) steps.add('business');
    if (p.baseLatitude !== null && p.baseLongitude !== null) steps.add('area');
  }
  const withHours = await db
    .selectDistinct({ id: availabilityRules.detailerId })
    .from(availabilityRules)
    .where(inArray(availabilityRules.detailerId, ids));
  for (const row of withHours) done.get(row.id)?.add('hours');
  // Active: neither paused nor archived (decision 020), as customers would see it.
  const withServices = await db
    .selectDistinct({ id: services.detailerId })
    .from(services)
    .where(and(inArray(services.detailerId, ids), isNull(services.pausedAt), isNull(services.archivedAt)));
  for (const row of withServices) done.get(row.id)?.add('services');
  const withPayout = await db.select({ id: payoutAccounts.detailerId }).from(payoutAccounts).where(inArray(payoutAccounts.detailerId, ids));
  for (const row of withPayout) done.get(row.id)?.add('payout');
  return done;
}

/** The checklist in its order, each step with its label and where it is done. */
export function toSteps(done: ReadonlySet<OnboardingStepKey>): OnboardingStep[] {
  return onboardingStepKeys.map((key) => ({
    key,
    label: onboardingStepInfo[key].label,
    done: done.has(key),
    href: onboardingStepInfo[key].href,
  }));
}

export const missingSteps = (done: ReadonlySet<OnboardingStepKey>) => onboardingStepKeys.filter((key) => !done.has(key));

/** How many steps each of these detailers has done: the admin users list shows it beside 'Pending approval'. */
export async function stepsDoneCount(db: Database, detailerIds: readonly number[]): Promise<Map<number, number>> {
  if (detailerIds.length === 0) return new Map();
  const profiles = await db
    .select()
    .from(detailers)
    .where(inArray(detailers.id, [...detailerIds]));
  const done = await stepsDoneOf(db, profiles);
  return new Map([...done].map(([id, steps]) => [id, steps.size]));
}
