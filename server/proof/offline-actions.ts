import { and, desc, eq, isNotNull, max } from 'drizzle-orm';
import { AppError, forbidden, notFound } from '@core/errors.ts';
import type { OfflineAction, OfflineActionBatch, OfflineActionResult, OfflineActionResults } from '@core/schemas/offline-actions.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { bookingChecklistItems, bookingEvents, bookingPhotos, bookings, offlineActions } from '../db/schema.ts';
import { requireUser, type Actor } from '../identity/access.ts';
import type { UserRow } from '../identity/user-service.ts';
import { visibleRecord } from '../bookings/booking-records.ts';
import { performDetailerAction } from '../bookings/booking-transitions.ts';
import { addBookingPhoto, setChecklistItem } from './proof-service.ts';

/** A phone's clock ahead of ours by up to this much is trusted as skew, and the time taken as now (decision 049). */
export const clockSkewMs = 2 * 60_000;
/** A time further than this from now is a phone clock gone wrong, not a job done without signal: refused. */
export const offlineReachMs = 24 * 60 * 60_000;
export const timeFarOffMessage = 'The time on this phone is too far off: check its date and time, then do this again';
export const customerCancelledMessage = 'The customer cancelled this booking';

/**
 * The latest thing already recorded on the booking (a move of its status, a photo, a tick): an action done offline
 * is never recorded before it, so the job's history stays in the order it happened.
 */
async function latestRecorded(db: Database, bookingId: number): Promise<Date | null> {
  const [event] = await db
    .select({ at: max(bookingEvents.createdAt) })
    .from(bookingEvents)
    .where(eq(bookingEvents.bookingId, bookingId));
  const [photo] = await db
    .select({ at: max(bookingPhotos.createdAt) })
    .from(bookingPhotos)
    .where(eq(bookingPhotos.bookingId, bookingId));
  const [tick] = await db
    .select({ at: max(bookingChecklistItems.checkedAt) })
    .from(bookingChecklistItems)
    .where(and(eq(bookingChecklistItems.bookingId, bookingId), isNotNull(bookingChecklistItems.checkedAt)));
  const times = [event?.at, photo?.at, tick?.at].filter((at): at is Date => at instanceof Date);
  return times.length === 0 ? null : new Date(Math.max(...times.map((at) => at.getTime())));
}

/**
 * The time an action is recorded with: the phone's, bounded. Ahead of now by a little (clock skew) is now; not
 * before what the booking already recorded; further than a day from now either way is refused (null).
 */
export function boundedTime(doneAt: Date, now: Date, latest: Date | null): Date | null {
  if (Math.abs(doneAt.getTime() - now.getTime()) > offlineReachMs) return null;
  if (doneAt.getTime() > now.getTime() + clockSkewMs) return null;
  const upToNow = Math.min(doneAt.getTime(), now.getTime());
  return new Date(Math.max(upToNow, latest?.getTime() ?? upToNow));
}

/** The item at the service's `position`, looked up once Start has copied the checklist. */
async function checklistItemAt(db: Database, bookingId: number, position: number): Promise<number> {
  const [item] = await db
    .select({ id: bookingChecklistItems.id })
    .from(bookingChecklistItems)
    .where(and(eq(bookingChecklistItems.bookingId, bookingId), eq(bookingChecklistItems.position, position)));
  if (!item) throw notFound('Checklist item not found');
  return item.id;
}

/** One action through the service function its online button calls, at its own time: the same rules, no second copy. */
async function applyOne(ctx: AppContext, user: UserRow, at: Date, bookingId: number, action: OfflineAction): Promise<void> {
  switch (action.kind) {
    case 'start-route':
    case 'start':
    case 'complete':
      await performDetailerAction(ctx, user, at, bookingId, action.kind);
      return;
    case 'checklist':
      await setChecklistItem(ctx, user, at, bookingId, await checklistItemAt(ctx.db, bookingId, action.position), {
        checked: action.checked,
      });
      return;
    case 'photo':
      await addBookingPhoto(ctx, user, at, bookingId, { uploadId: action.uploadId, phase: action.phase });
      return;
  }
}

/** The rule's words, except for a booking cancelled meanwhile: the detailer is told who cancelled it. */
async function refusalReason(db: Database, bookingId: number, error: AppError): Promise<string> {
  const [booking] = await db
    .select({ status: bookings.status, customerId: bookings.customerId })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (booking?.status !== 'cancelled') return error.message;
  const [cancel] = await db
    .select({ actorUserId: bookingEvents.actorUserId })
    .from(bookingEvents)
    .where(and(eq(bookingEvents.bookingId, bookingId), eq(bookingEvents.toStatus, 'cancelled')))
    .orderBy(desc(bookingEvents.id))
    .limit(1);
  return cancel?.actorUserId === booking.customerId ? customerCancelledMessage : 'This booking was cancelled';
}

/** What was answered the first time for an action already received, so a batch sent again gets the same answer. */
async function earlierResult(db: Database, userId: number, clientId: string): Promise<OfflineActionResult | null> {
  const [row] = await db
    .select({ appliedAt: offlineActions.appliedAt, refusal: offlineActions.refusal })
    .from(offlineActions)
    .where(and(eq(offlineActions.userId, userId), eq(offlineActions.clientId, clientId)));
  if (!row) return null;
  return row.appliedAt
    ? { clientId, outcome: 'applied', appliedAt: row.appliedAt.toISOString() }
    : { clientId, outcome: 'refused', reason: row.refusal ?? '' };
}

/**
 * POST /api/bookings/:id/offline-actions (decision 049): the booking's detailer only (404 for a stranger, 403 for
 * its customer or an admin). Each action in the batch's order, in its own transaction with its claim on the phone's
 * id: applied at its bounded time through the online service function, or refused with the rule's reason and
 * nothing changed. An id already received is not applied again; it answers what it answered the first time.
 */
export async function applyOfflineActions(
  ctx: AppContext,
  actor: Actor,
  now: Date,
  bookingId: number,
  batch: OfflineActionBatch,
): Promise<OfflineActionResults> {
  const user = requireUser(actor);
  const { relation } = await visibleRecord(ctx.db, user, bookingId);
  if (relation !== 'detailer') throw forbidden("Only the booking's detailer can send what was done on the job");
  const results: OfflineActionResult[] = [];
  for (const action of batch.actions) {
    const earlier = await earlierResult(ctx.db, user.id, action.clientId);
    if (earlier) {
      results.push(earlier);
      continue;
    }
    const claim = { userId: user.id, bookingId, clientId: action.clientId, kind: action.kind, doneAt: new Date(action.doneAt) };
    const at = boundedTime(claim.doneAt, now, await latestRecorded(ctx.db, bookingId));
    try {
      if (!at) throw new AppError('conflict', timeFarOffMessage);
      // Money follows a move once it is committed, as online: Complete's capture waits for this transaction's commit.
      const moneyEffects: Parameters<AppContext['onMoneyEffect']>[1][] = [];
      const applied = await ctx.transaction(async (tx) => {
        // The claim first: a copy of this batch sent at the same moment waits here, then finds the id taken.
        const [claimed] = await tx.db
          .insert(offlineActions)
          .values({ ...claim, appliedAt: at })
          .onConflictDoNothing()
          .returning({ id: offlineActions.id });
        if (!claimed) return false;
        const deferringMoney: AppContext = { ...tx, onMoneyEffect: async (_ctx, effect) => void moneyEffects.push(effect) };
        await applyOne(deferringMoney, user, at, bookingId, action);
        return true;
      });
      for (const effect of moneyEffects) await ctx.onMoneyEffect(ctx, effect);
      results.push(
        applied
          ? { clientId: action.clientId, outcome: 'applied', appliedAt: at.toISOString() }
          : (await earlierResult(ctx.db, user.id, action.clientId))!,
      );
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      const reason = await refusalReason(ctx.db, bookingId, error);
      await ctx.db
        .insert(offlineActions)
        .values({ ...claim, refusal: reason })
        .onConflictDoNothing();
      results.push((await earlierResult(ctx.db, user.id, action.clientId))!);
    }
  }
  return { results };
}
