import { liveStatuses, paidLiveStatuses } from '@core/domain/booking-status.ts';
import { and, eq, inArray } from 'drizzle-orm';
import { accountMessages, deleteConfirmationWord } from '@core/domain/account.ts';
import { badRequest, conflict } from '@core/errors.ts';
import type { DeleteAccountInput } from '@core/schemas/account.ts';
import type { AppContext } from '../context.ts';
import {
  availabilityRules,
  bookings,
  detailers,
  detailerServices,
  deviceTokens,
  emailChangeTokens,
  emailVerificationTokens,
  notificationSettings,
  passwordResetTokens,
  paymentCustomers,
  savedAddresses,
  savedCards,
  sessions,
  users,
  vehicles,
} from '../db/schema.ts';
import { requireUser, type Actor } from '../identity/access.ts';
import { endMembershipsOfClosedAccount } from '../memberships/membership-closing.ts';
import { assertOwnPassword } from './profile-service.ts';

/** A detailer's jobs that someone is counting on: the account cannot go while one is open. */
/** A customer's bookings still to happen (or being paid for): cancel them first, so no job waits for a deleted account. */

export const deletedUserName = 'Deleted user';

/** The replacement email and username of a deleted account (`.invalid` can never receive mail). */
export const deletedEmail = (id: number) => `deleted-${id}@deleted.glossly.invalid`;
export const deletedUsername = (id: number) => `deleted-${id}`;

/** The password, or for an account without one (OpenID only) the typed confirmation word. */
async function assertDeletionConfirmed(me: NonNullable<Actor>, input: DeleteAccountInput) {
  if (me.passwordHash) {
    await assertOwnPassword(me, input.password, 'password', accountMessages.wrongPassword);
  } else if (input.confirmation?.trim() !== deleteConfirmationWord) {
    throw badRequest(accountMessages.typeToDelete, { confirmation: accountMessages.typeToDelete });
  }
}

/**
 * DELETE /api/account: anonymises the account in one transaction. The row stays (bookings, payments, booking
 * events and messages point at it, and the other party still sees 'Deleted user'); what identifies or reaches the
 * person goes: name, email, username, phone, photo, password, OpenID subject, cars, places, cards, devices,
 * notification settings, pending links and every session. A customer with upcoming bookings, or a detailer with
 * requested or open jobs, is refused first. A membership is not a reason to refuse (a cancelled one would stay live
 * to its period's end): it ends with the account, its subscription cancelled at the billing gateway in the same
 * transaction, so a deleted account is never charged again.
 */
export async function deleteAccount(
  { db, catalogCache, membershipBilling }: Pick<AppContext, 'db' | 'catalogCache' | 'membershipBilling'>,
  actor: Actor,
  input: DeleteAccountInput,
  now: Date,
): Promise<void> {
  const me = requireUser(actor);
  await assertDeletionConfirmed(me, input);
  let onCommit: (() => void) | undefined;
  await db.transaction(async (tx) => {
    // The row is locked, so a job accepted at this moment either commits first (and is seen) or waits.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, me.id)).for('update');
    const [upcoming] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.customerId, me.id), inArray(bookings.status, [...liveStatuses])))
      .limit(1);
    if (upcoming) throw conflict(accountMessages.upcomingBookings);
    const [profile] = await tx.select({ id: detailers.id }).from(detailers).where(eq(detailers.userId, me.id));
    if (profile) {
      const [open] = await tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.detailerId, profile.id), inArray(bookings.status, [...paidLiveStatuses])))
        .limit(1);
      if (open) throw conflict(accountMessages.upcomingJobs);
      // No new bookings: nothing offered, no working hours (the profile stays for the past jobs' history).
      await tx.delete(detailerServices).where(eq(detailerServices.detailerId, profile.id));
      await tx.delete(availabilityRules).where(eq(availabilityRules.detailerId, profile.id));
    }
    if (profile) onCommit = () => catalogCache.clear();
    await endMembershipsOfClosedAccount({ db: tx, membershipBilling }, me.id, now);
    await tx
      .update(users)
      .set({
        name: deletedUserName,
        email: deletedEmail(me.id),
        username: deletedUsername(me.id),
        phone: null,
        avatarUploadId: null,
        passwordHash: null,
        oidcSubject: null,
        deletedAt: now,
        isDisabled: true,
      })
      .where(eq(users.id, me.id));
    for (const table of [vehicles, savedAddresses]) await tx.delete(table).where(eq(table.customerId, me.id));
    for (const table of [
      deviceTokens,
      notificationSettings,
      savedCards,
      paymentCustomers,
      sessions,
      emailChangeTokens,
      passwordResetTokens,
      emailVerificationTokens,
    ]) {
      await tx.delete(table).where(eq(table.userId, me.id));
    }
  });
  // The catalog lists and caches detailers: a deleted one is gone from the next answer, not after the cache expires.
  onCommit?.();
}
