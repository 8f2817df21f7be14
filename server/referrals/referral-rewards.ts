import { and, asc, eq, inArray, isNull, ne, notExists, sql } from 'drizzle-orm';
import { badRequest } from '@core/errors.ts';
import { endedWithoutWorkStatuses, paidLiveStatuses, statusIn, type BookingStatus } from '@core/domain/booking-status.ts';
import { canBeReferred, canRefer, referralCodeForCustomersMessage, referralCodeNotFoundMessage } from '@core/domain/referrals.ts';
import type { Database } from '../db/client.ts';
import { bookings, creditGrants, referrals, users } from '../db/schema.ts';
import { readPlatformSettings } from '../platform/platform-settings-service.ts';
import type { AccountOpener } from '../identity/auth-service.ts';

/**
 * Referral credits (issue 18, decision 022). Every credit is one credit_grants row; the unique (referral, reason)
 * grants the friend's welcome and the referrer's reward once each, and the balance (users.referral_credits_cents,
 * what checkout's switch spends) moves only when that insert happened, in the same transaction.
 */

type CreditReason = (typeof creditGrants.$inferInsert)['reason'];

const codeNotFound = () => badRequest(referralCodeNotFoundMessage, { referralCode: referralCodeNotFoundMessage });

/**
 * The customer a code belongs to, or a 400. A code of a detailer, an admin, a disabled or a deleted account is
 * 'not found' like an unknown one: a code tells nothing about its owner. `lock` takes the owner's row FOR SHARE so
 * that disabling it cannot slip in between the check and the referral written in the same transaction.
 */
export async function findReferrer(db: Database, code: string, lock = false) {
  const query = db
    .select({ id: users.id, email: users.email, role: users.role, isDisabled: users.isDisabled, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(sql`lower(${users.referralCode})`, code.toLowerCase()));
  const [owner] = lock ? await query.for('share') : await query;
  if (!owner || owner.isDisabled || owner.deletedAt !== null || !canRefer(owner.role)) throw codeNotFound();
  return owner;
}

/** One credit, once: true when this call granted it (and the balance moved), false when it was already there. */
async function grantCredit(
  tx: Database,
  grant: { userId: number; referralId: number; reason: CreditReason; amountCents: number; now: Date },
) {
  // A zero amount (admins may set it) grants nothing: credit_grants holds only real credits.
  if (grant.amountCents <= 0) return false;
  const inserted = await tx
    .insert(creditGrants)
    .values({
      userId: grant.userId,
      referralId: grant.referralId,
      reason: grant.reason,
      amountCents: grant.amountCents,
      createdAt: grant.now,
    })
    .onConflictDoNothing({ target: [creditGrants.referralId, creditGrants.reason] })
    .returning({ id: creditGrants.id });
  if (inserted.length === 0) return false;
  await tx
    .update(users)
    .set({ referralCreditsCents: sql`${users.referralCreditsCents} + ${grant.amountCents}` })
    .where(eq(users.id, grant.userId));
  return true;
}

/**
 * Registration with a code, inside the registration's transaction: the referral, and the friend's welcome credit
 * at once, so it is on checkout's switch for their first booking (that is how 'a welcome credit on their first
 * booking' works). The owner is re-read under lock; the database refuses a second referrer and oneself.
 */
export async function recordReferral(tx: Database, input: { code: string; friendUserId: number; now: Date }) {
  const referrer = await findReferrer(tx, input.code, true);
  const [referral] = await tx
    .insert(referrals)
    .values({ referrerUserId: referrer.id, friendUserId: input.friendUserId, createdAt: input.now })
    .returning();
  const settings = await readPlatformSettings(tx);
  await grantCredit(tx, {
    userId: input.friendUserId,
    referralId: referral!.id,
    reason: 'referral_welcome',
    amountCents: settings.referralFriendCreditCents,
    now: input.now,
  });
  return referral!;
}

type MovedBooking = { id: number; customerId: number };

/**
 * The referrer's reward, in the completing booking's transaction: the friend's first completed booking earns it,
 * once, however many completions race (the unique (referral, reason) insert decides). That booking becomes the
 * referral's first booking. Returns whether this call granted it.
 */
export async function rewardReferrer(tx: Database, booking: MovedBooking, now: Date): Promise<boolean> {
  const [referral] = await tx.select().from(referrals).where(eq(referrals.friendUserId, booking.customerId));
  if (!referral) return false;
  const [referrer] = await tx.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, referral.referrerUserId));
  const settings = await readPlatformSettings(tx);
  const granted =
    referrer?.deletedAt === null &&
    (await grantCredit(tx, {
      userId: referral.referrerUserId,
      referralId: referral.id,
      reason: 'referral_reward',
      amountCents: settings.referralReferrerCreditCents,
      now,
    }));
  // Not yet rewarded (a zero amount, a deleted referrer): this completed booking still shows the friend completed.
  if (granted) {
    await tx.update(referrals).set({ firstBookingId: booking.id }).where(eq(referrals.id, referral.id));
  } else if (referral.firstBookingId === null) {
    await tx
      .update(referrals)
      .set({ firstBookingId: booking.id })
      .where(and(eq(referrals.id, referral.id), isNull(referrals.firstBookingId)));
  }
  return granted;
}

/**
 * A friend's booking moved (called once per move, inside its transaction, by server/bookings/booking-transitions.ts):
 * - paid (requested): it becomes the friend's first booking if they have none yet ('booked');
 * - completed: the referrer's reward (rewardReferrer);
 * - ended without the work (cancelled, declined, expired, no-show) before the reward: the next paid live booking takes its place, else none
 *   ('signed up' again until another first booking).
 */
export async function followReferralBooking(tx: Database, move: { booking: MovedBooking; to: BookingStatus; now: Date }): Promise<void> {
  const { booking, to, now } = move;
  if (to === 'requested') {
    await tx
      .update(referrals)
      .set({ firstBookingId: booking.id })
      .where(and(eq(referrals.friendUserId, booking.customerId), isNull(referrals.firstBookingId)));
    return;
  }
  if (to === 'completed') {
    await rewardReferrer(tx, booking, now);
    return;
  }
  if (!statusIn(endedWithoutWorkStatuses, to)) return;
  // Most bookings are nobody's first: one indexed read before looking for a replacement.
  const [waiting] = await tx
    .select({ id: referrals.id })
    .from(referrals)
    .where(and(eq(referrals.friendUserId, booking.customerId), eq(referrals.firstBookingId, booking.id)));
  if (!waiting) return;
  const [next] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.customerId, booking.customerId), ne(bookings.id, booking.id), inArray(bookings.status, paidLiveStatuses)))
    .orderBy(asc(bookings.createdAt), asc(bookings.id))
    .limit(1);
  await tx
    .update(referrals)
    .set({ firstBookingId: next?.id ?? null })
    .where(and(eq(referrals.id, waiting.id), eq(referrals.firstBookingId, booking.id), notExists(rewardSubquery(tx))));
}

/** The reward row of the referral being updated (correlated on referrals.id). */
function rewardSubquery(tx: Database) {
  return tx
    .select({ one: sql`1` })
    .from(creditGrants)
    .where(and(eq(creditGrants.referralId, referrals.id), eq(creditGrants.reason, 'referral_reward')));
}

/**
 * Referrals' part of opening an account (issue 18; identity calls it, decision 045): only a customer is referred,
 * only by a live customer's code, checked before anything is written (a code whose owner has this email meets the
 * taken-email answer: nothing is created either way); the referral and the friend's welcome credit are recorded in
 * the account's own transaction.
 */
export const referralOpener: AccountOpener = {
  async check(db, { role, referralCode }) {
    if (referralCode === undefined) return;
    if (!canBeReferred(role)) throw badRequest(referralCodeForCustomersMessage, { referralCode: referralCodeForCustomersMessage });
    await findReferrer(db, referralCode);
  },
  async record(tx, account, { referralCode }, now) {
    if (referralCode !== undefined) await recordReferral(tx, { code: referralCode, friendUserId: account.id, now });
  },
};
