import { and, desc, eq, sql } from 'drizzle-orm';
import { forbidden } from '@core/errors.ts';
import { canRefer, friendDisplayName, referralShareLink, referralState } from '@core/domain/referrals.ts';
import { referralFriendsShown, type ReferralsResponse } from '@core/schemas/referrals.ts';
import type { AppContext } from '../context.ts';
import { bookings, creditGrants, referrals, users } from '../db/schema.ts';
import { requireUser, type Actor } from '../identity/access.ts';
import { readPlatformSettings } from '../platform/platform-settings-service.ts';

export const referralsForCustomersMessage = 'Referrals are for customer accounts';

/**
 * GET /api/referrals: the signed-in customer's own code and share link (built from PUBLIC_URL, never a Host
 * header), the friends who registered with it (first name and initial only), what they earned and their balance.
 * Only the asker's rows are read: every query is keyed by their own id.
 */
export async function getMyReferrals(ctx: AppContext, actor: Actor): Promise<ReferralsResponse> {
  const user = requireUser(actor);
  if (!canRefer(user.role)) throw forbidden(referralsForCustomersMessage);
  const { db } = ctx;
  const [me] = await db
    .select({ code: users.referralCode, balanceCents: users.referralCreditsCents })
    .from(users)
    .where(eq(users.id, user.id));
  const rewards = db
    .select({ referralId: creditGrants.referralId, grantedAt: creditGrants.createdAt })
    .from(creditGrants)
    .where(and(eq(creditGrants.userId, user.id), eq(creditGrants.reason, 'referral_reward')))
    .as('rewards');
  const rows = await db
    .select({
      id: referrals.id,
      name: users.name,
      signedUpAt: referrals.createdAt,
      firstBookingId: referrals.firstBookingId,
      bookingStatus: bookings.status,
      bookingCreatedAt: bookings.createdAt,
      bookingCompletedAt: bookings.completedAt,
      rewardedAt: rewards.grantedAt,
    })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.friendUserId))
    .leftJoin(bookings, eq(bookings.id, referrals.firstBookingId))
    .leftJoin(rewards, eq(rewards.referralId, referrals.id))
    .where(eq(referrals.referrerUserId, user.id))
    .orderBy(desc(referrals.createdAt), desc(referrals.id))
    .limit(referralFriendsShown);
  const [earned] = await db
    .select({ total: sql<number>`coalesce(sum(${creditGrants.amountCents}), 0)::int` })
    .from(creditGrants)
    .where(and(eq(creditGrants.userId, user.id), eq(creditGrants.reason, 'referral_reward')));
  const settings = await readPlatformSettings(db);

  return {
    code: me!.code,
    shareLink: referralShareLink(ctx.config.PUBLIC_URL, me!.code),
    friendCreditCents: settings.referralFriendCreditCents,
    referrerCreditCents: settings.referralReferrerCreditCents,
    creditsEarnedCents: Number(earned?.total ?? 0),
    balanceCents: me!.balanceCents,
    friends: rows.map((row) => {
      // A first booking completed without a reward (the amount was $0.00 then) still shows the friend completed.
      const isRewarded = row.rewardedAt !== null || row.bookingStatus === 'completed';
      const state = referralState({ firstBookingId: row.firstBookingId, isRewarded });
      const since =
        state === 'completed'
          ? (row.rewardedAt ?? row.bookingCompletedAt ?? row.signedUpAt)
          : state === 'booked'
            ? (row.bookingCreatedAt ?? row.signedUpAt)
            : row.signedUpAt;
      return { id: row.id, name: friendDisplayName(row.name), state, since: since.toISOString() };
    }),
  };
}
