import { and, eq, isNull } from 'drizzle-orm';
import { conflict, notFound } from '@core/errors.ts';
import {
  notFinishedMessage,
  type BusinessProfile,
  type BusinessUpdate,
  type DetailerApproval,
  type Onboarding,
} from '@core/schemas/onboarding.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { detailers } from '../db/schema.ts';
import { requireRole, type Actor } from '../identity/access.ts';
import type { UserRow } from '../identity/user-service.ts';
import { notify, notifyAdmins } from '../notifications/notification-service.ts';
import { requireOwnUpload } from '../uploads/upload-service.ts';
import { startDetailerProfile } from './detailer-profile.ts';
import { missingSteps, stepsDoneOf, toSteps } from './onboarding-steps.ts';

// A new detailer's setup and an admin's approval (issue 17, decision 021). Until approved, the catalog and booking
// do not list the detailer (listing.ts); every detailer page works for them meanwhile.

type DetailerRow = typeof detailers.$inferSelect;
type OnboardingContext = Pick<AppContext, 'db' | 'clock' | 'catalogCache' | 'afterCommit' | 'publishNotification' | 'transaction'>;

/** The admins' notice when a detailer has done every step; its title and the detailer's id make it once only. */
export const readyForApprovalTitle = 'A new detailer is ready for approval';

/** The signed-in detailer and their profile; one made before profiles came with sign-up gets one now. */
async function ownProfile(db: Database, actor: Actor): Promise<{ user: UserRow; profile: DetailerRow }> {
  const user = requireRole(actor, 'detailer');
  const find = () => db.select().from(detailers).where(eq(detailers.userId, user.id));
  let [profile] = await find();
  if (!profile) {
    await startDetailerProfile(db, user);
    [profile] = await find();
  }
  return { user, profile: profile! };
}

function toBusiness(profile: DetailerRow): BusinessProfile {
  return {
    businessName: profile.businessName,
    description: profile.description,
    logoUploadId: profile.logoUploadId,
    logoUrl: profile.logoUploadId === null ? null : `/api/uploads/${profile.logoUploadId}?w=400`,
  };
}

/**
 * Tells every admin, once, that the detailer has done every step: setting detailers.submitted_at is the claim, so of
 * two visits at once only one finds it unset and notifies.
 */
async function tellAdminsOnce(ctx: OnboardingContext, profile: DetailerRow): Promise<void> {
  await ctx.transaction(async (tx) => {
    const claimed = await tx.db
      .update(detailers)
      .set({ submittedAt: new Date() })
      .where(and(eq(detailers.id, profile.id), isNull(detailers.submittedAt)))
      .returning({ id: detailers.id });
    if (claimed.length === 0) return;
    await notifyAdmins(tx, {
      type: 'alert',
      title: readyForApprovalTitle,
      message: `${profile.businessName} has finished setting up. Approve them in Admin, Users (Pending approval).`,
      entityId: String(profile.id),
    });
  });
}

async function onboardingOf(ctx: OnboardingContext, profile: DetailerRow): Promise<Onboarding> {
  const done = (await stepsDoneOf(ctx.db, [profile])).get(profile.id)!;
  const complete = missingSteps(done).length === 0;
  const approved = profile.approvedAt !== null;
  if (complete && !approved) await tellAdminsOnce(ctx, profile);
  return { steps: toSteps(done), complete, approved, submittedForApproval: complete && !approved, business: toBusiness(profile) };
}

/**
 * GET /api/detailer/onboarding: the signed-in detailer's setup steps. The steps are done on other screens (hours,
 * services, payout), so the moment the last one is done is seen here, when the detailer comes back to the setup.
 */
export async function getOnboarding(ctx: OnboardingContext, actor: Actor): Promise<Onboarding> {
  const { profile } = await ownProfile(ctx.db, actor);
  return onboardingOf(ctx, profile);
}

/** PATCH /api/detailer/business: the business name, description and logo (an upload of the detailer's own). */
export async function updateBusiness(ctx: OnboardingContext, actor: Actor, input: BusinessUpdate): Promise<Onboarding> {
  const { user, profile } = await ownProfile(ctx.db, actor);
  if (input.logoUploadId !== undefined) await requireOwnUpload(ctx.db, user.id, input.logoUploadId, 'logoUploadId');
  const [row] = await ctx.db
    .update(detailers)
    .set({
      ...(input.businessName === undefined ? {} : { businessName: input.businessName }),
      ...(input.description === undefined ? {} : { description: input.description }),
      ...(input.logoUploadId === undefined ? {} : { logoUploadId: input.logoUploadId }),
    })
    .where(eq(detailers.id, profile.id))
    .returning();
  // Listed detailers show their name and description in the catalog: the next read has the new ones.
  ctx.catalogCache.clear();
  return onboardingOf(ctx, row!);
}

/**
 * POST /api/admin/detailers/:id/approve: lists the detailer to customers. Only once every step is done (409 naming
 * what is missing); approving an approved detailer answers as the first time did.
 */
export async function approveDetailer(ctx: OnboardingContext, actor: Actor, detailerId: number): Promise<DetailerApproval> {
  requireRole(actor, 'admin');
  const [profile] = await ctx.db.select().from(detailers).where(eq(detailers.id, detailerId));
  if (!profile) throw notFound('Detailer not found');
  if (profile.approvedAt) return { detailerId, approvedAt: profile.approvedAt.toISOString() };
  const missing = missingSteps((await stepsDoneOf(ctx.db, [profile])).get(profile.id)!);
  if (missing.length > 0) throw conflict(notFinishedMessage(missing));
  const approvedAt = await ctx.transaction(async (tx) => {
    const [row] = await tx.db
      .update(detailers)
      .set({ approvedAt: ctx.clock.now() })
      .where(and(eq(detailers.id, detailerId), isNull(detailers.approvedAt)))
      .returning();
    // Another admin approved it a moment ago: theirs stands and the detailer has heard already.
    if (!row) {
      const [current] = await tx.db.select({ approvedAt: detailers.approvedAt }).from(detailers).where(eq(detailers.id, detailerId));
      return current!.approvedAt!;
    }
    await notify(tx, {
      userId: row.userId,
      type: 'user_update',
      title: "You're approved",
      message: `Customers can now find and book ${row.businessName} on Glossly.`,
    });
    return row.approvedAt!;
  });
  ctx.catalogCache.clear();
  return { detailerId, approvedAt: approvedAt.toISOString() };
}
