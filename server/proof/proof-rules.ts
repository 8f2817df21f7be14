import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '@core/errors.ts';
import { completeNeedsProofMessage, missingForComplete } from '@core/domain/proof.ts';
import type { BookingProof } from '@core/schemas/proof.ts';
import type { Database } from '../db/client.ts';
import type { BookingMoveFollower } from '../bookings/booking-moves.ts';
import { bookingChecklistItems, bookingPhotos, bookings, services } from '../db/schema.ts';

// The rules of proof of service that the booking graph needs too (the 'start' and 'complete' moves), kept apart
// from the HTTP-facing proof service; bookings reaches them as a follower of its moves (decision 045).

/** A checklist item as stored; a service's items longer than this are cut rather than failing the start. */
const checklistLabelMax = 80;

/**
 * Copies the service's checklist into the booking once (bookings.checklist_copied_at marks it, an empty checklist
 * included): a later edit of the service does not change a job under way. Runs in the 'start' move's transaction
 * (and on the first read of a job started before checklists existed). The conditional UPDATE of the marker is the
 * claim: of two concurrent copies only one finds it still unset.
 */
export async function copyServiceChecklist(db: Database, bookingId: number, serviceId: number): Promise<void> {
  const claimed = await db
    .update(bookings)
    .set({ checklistCopiedAt: sql`now()` })
    .where(and(eq(bookings.id, bookingId), isNull(bookings.checklistCopiedAt)))
    .returning({ id: bookings.id });
  if (claimed.length === 0) return;
  const labels = await serviceChecklistLabels(db, serviceId);
  if (labels.length === 0) return;
  await db
    .insert(bookingChecklistItems)
    .values(labels.map((label, index) => ({ bookingId, position: index + 1, label })))
    .onConflictDoNothing();
}

/** The service's checklist as Start copies it, in order: item n is at position n (what an offline tick names, decision 049). */
export async function serviceChecklistLabels(db: Database, serviceId: number): Promise<string[]> {
  const [service] = await db.select({ checklist: services.checklist }).from(services).where(eq(services.id, serviceId));
  return (service?.checklist ?? []).map((label) => label.trim().slice(0, checklistLabelMax)).filter((label) => label.length > 0);
}

/** The booking's photos (oldest first) and checklist (in the service's order) as the API shows them. */
export async function loadProof(db: Database, bookingId: number): Promise<Pick<BookingProof, 'photos' | 'checklist'>> {
  const photoRows = await db
    .select({ id: bookingPhotos.id, phase: bookingPhotos.phase, uploadId: bookingPhotos.uploadId, createdAt: bookingPhotos.createdAt })
    .from(bookingPhotos)
    .where(eq(bookingPhotos.bookingId, bookingId))
    .orderBy(asc(bookingPhotos.id));
  const itemRows = await db
    .select({ id: bookingChecklistItems.id, label: bookingChecklistItems.label, checkedAt: bookingChecklistItems.checkedAt })
    .from(bookingChecklistItems)
    .where(eq(bookingChecklistItems.bookingId, bookingId))
    .orderBy(asc(bookingChecklistItems.position));
  return {
    photos: photoRows.map((row) => ({
      id: row.id,
      phase: row.phase,
      url: `/api/uploads/${row.uploadId}`,
      createdAt: row.createdAt.toISOString(),
    })),
    checklist: itemRows.map((row) => ({
      id: row.id,
      label: row.label,
      checked: row.checkedAt !== null,
      checkedAt: row.checkedAt?.toISOString() ?? null,
    })),
  };
}

/**
 * Complete's condition: at least one after photo and every checklist item ticked, else 409 with what is missing in
 * the error's fields (`missing.0`, `missing.1`, ...). Called inside the transaction that moves the status, after its
 * UPDATE has locked the booking's row: the proof changes lock that row too, so none can slip past between the
 * check and the commit.
 */
export async function requireProofOfService(db: Database, bookingId: number): Promise<void> {
  const { photos, checklist } = await loadProof(db, bookingId);
  const missing = missingForComplete(photos, checklist);
  if (missing.length === 0) return;
  throw new AppError('conflict', completeNeedsProofMessage, Object.fromEntries(missing.map((text, index) => [`missing.${index}`, text])));
}

/**
 * Follows bookings' moves (decision 020), under the row lock the move's UPDATE took: the job keeps the checklist it
 * started with, and Complete is refused (rolled back, so nothing of the move is kept) until the proof is there.
 */
export const followProofOfService: BookingMoveFollower = async (tx, { action, booking }) => {
  if (action === 'start') await copyServiceChecklist(tx, booking.id, booking.serviceId);
  if (action === 'complete') await requireProofOfService(tx, booking.id);
};
