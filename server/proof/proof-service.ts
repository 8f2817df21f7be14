import { and, count, eq } from 'drizzle-orm';
import { conflict, forbidden, notFound } from '@core/errors.ts';
import { tripStatuses, type BookingStatus } from '@core/domain/booking-status.ts';
import { maxPhotosPerPhase, missingForComplete } from '@core/domain/proof.ts';
import type { AddBookingPhotoInput, BookingProof, SetChecklistItemInput } from '@core/schemas/proof.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { bookingChecklistItems, bookingPhotos, bookings } from '../db/schema.ts';
import { requireUser, type Actor } from '../identity/access.ts';
import type { UserRow } from '../identity/user-service.ts';
import { announceBookingChangeById } from '../bookings/booking-live.ts';
import { visibleRecord, type BookingRecord, type Relation } from '../bookings/booking-records.ts';
import { requireOwnUpload } from '../uploads/upload-service.ts';
import { copyServiceChecklist, loadProof, serviceChecklistLabels } from './proof-rules.ts';

/** Photos are taken on the way (the car as found) and at the car. */
const photoStatuses: ReadonlySet<BookingStatus> = new Set(tripStatuses);
const photosClosedMessage = 'Photos can be added or removed only while the job is on the way or in progress';
const checklistClosedMessage = 'The checklist can be ticked only while the job is in progress';

async function answer(
  db: Database,
  booking: { id: number; status: BookingStatus },
  relation: Relation,
  serviceId?: number,
): Promise<BookingProof> {
  const proof = await loadProof(db, booking.id);
  const underWay = photoStatuses.has(booking.status);
  const showsToCome = relation === 'detailer' && booking.status === 'en_route' && serviceId !== undefined;
  return {
    ...proof,
    canEdit: relation === 'detailer' && underWay,
    missing: underWay ? missingForComplete(proof.photos, proof.checklist) : [],
    ...(showsToCome ? { checklistToCome: await serviceChecklistLabels(db, serviceId) } : {}),
  };
}

/** GET /api/bookings/:id/proof: the booking's customer, its detailer and admins; anyone else 404. */
export async function getBookingProof(ctx: AppContext, actor: Actor, id: number): Promise<BookingProof> {
  const user = requireUser(actor);
  const { record, relation } = await visibleRecord(ctx.db, user, id);
  // A job started before checklists existed gets its copy on the first read, as the 'start' move would have made it.
  // Claim and copy are one transaction: a read at the same moment waits on the claimed row until the copy is
  // committed, then finds it claimed and reads the copied items, never an empty checklist.
  if (record.booking.status === 'in_progress') {
    await ctx.transaction((tx) => copyServiceChecklist(tx.db, id, record.booking.serviceId));
  }
  return answer(ctx.db, record.booking, relation, record.booking.serviceId);
}

/** The booking's detailer only: 404 for a stranger (as for any booking), 403 for its customer or an admin. */
async function detailersJob(db: Database, user: UserRow, id: number, doing: string): Promise<BookingRecord> {
  const { record, relation } = await visibleRecord(db, user, id);
  if (relation !== 'detailer') throw forbidden(`Only the booking's detailer can ${doing}`);
  return record;
}

/**
 * Locks the booking's row for the rest of the transaction and checks its status now: Complete's proof check runs
 * under the same lock, so a photo removed or an item unticked either lands before it (and is seen) or after it
 * (and is refused, the job being completed).
 */
async function lockJobIn(db: Database, id: number, open: ReadonlySet<BookingStatus>, closedMessage: string): Promise<BookingStatus> {
  const [row] = await db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id)).for('update');
  if (!row) throw notFound('Booking not found');
  if (!open.has(row.status)) throw conflict(closedMessage);
  return row.status;
}

/** POST /api/bookings/:id/photos: an upload of the detailer's, as a before or after photo, 12 of each at most. */
export async function addBookingPhoto(
  ctx: AppContext,
  actor: Actor,
  now: Date,
  id: number,
  input: AddBookingPhotoInput,
): Promise<BookingProof> {
  const user = requireUser(actor);
  await detailersJob(ctx.db, user, id, 'add photos');
  await requireOwnUpload(ctx.db, user.id, input.uploadId, 'uploadId');
  const status = await ctx.transaction(async (tx) => {
    const current = await lockJobIn(tx.db, id, photoStatuses, photosClosedMessage);
    const [taken] = await tx.db
      .select({ n: count() })
      .from(bookingPhotos)
      .where(and(eq(bookingPhotos.bookingId, id), eq(bookingPhotos.phase, input.phase)));
    if (Number(taken?.n ?? 0) >= maxPhotosPerPhase) {
      throw conflict(`A job has at most ${maxPhotosPerPhase} ${input.phase} photos: remove one to add another`);
    }
    try {
      await tx.db
        .insert(bookingPhotos)
        .values({ bookingId: id, uploadId: input.uploadId, phase: input.phase, createdByUserId: user.id, createdAt: now });
    } catch (error) {
      // A replayed request, or the same image twice: one upload is one photo.
      if (isUniqueViolation(error, 'booking_photos_upload_unique')) throw conflict('This photo is already attached to a job');
      throw error;
    }
    return current;
  });
  await announceBookingChangeById(ctx, id);
  return answer(ctx.db, { id, status }, 'detailer');
}

/** DELETE /api/bookings/:id/photos/:photoId: the same rules as adding one. The upload stays the detailer's. */
export async function removeBookingPhoto(ctx: AppContext, actor: Actor, id: number, photoId: number): Promise<BookingProof> {
  const user = requireUser(actor);
  await detailersJob(ctx.db, user, id, 'remove photos');
  const status = await ctx.transaction(async (tx) => {
    const current = await lockJobIn(tx.db, id, photoStatuses, photosClosedMessage);
    const removed = await tx.db
      .delete(bookingPhotos)
      .where(and(eq(bookingPhotos.id, photoId), eq(bookingPhotos.bookingId, id)))
      .returning({ id: bookingPhotos.id });
    if (removed.length === 0) throw notFound('Photo not found');
    return current;
  });
  await announceBookingChangeById(ctx, id);
  return answer(ctx.db, { id, status }, 'detailer');
}

/** PATCH /api/bookings/:id/checklist/:itemId { checked }: while the job is in progress; ticking twice keeps the first time. */
export async function setChecklistItem(
  ctx: AppContext,
  actor: Actor,
  now: Date,
  id: number,
  itemId: number,
  input: SetChecklistItemInput,
): Promise<BookingProof> {
  const user = requireUser(actor);
  await detailersJob(ctx.db, user, id, 'tick the checklist');
  const { status, changed } = await ctx.transaction(async (tx) => {
    const current = await lockJobIn(tx.db, id, new Set(['in_progress']), checklistClosedMessage);
    const [item] = await tx.db
      .select({ checkedAt: bookingChecklistItems.checkedAt })
      .from(bookingChecklistItems)
      .where(and(eq(bookingChecklistItems.id, itemId), eq(bookingChecklistItems.bookingId, id)));
    if (!item) throw notFound('Checklist item not found');
    const isChange = (item.checkedAt !== null) !== input.checked;
    if (isChange) {
      await tx.db
        .update(bookingChecklistItems)
        .set(input.checked ? { checkedAt: now, checkedByUserId: user.id } : { checkedAt: null, checkedByUserId: null })
        .where(eq(bookingChecklistItems.id, itemId));
    }
    return { status: current, changed: isChange };
  });
  if (changed) await announceBookingChangeById(ctx, id);
  return answer(ctx.db, { id, status }, 'detailer');
}
