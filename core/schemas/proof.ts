import { z } from 'zod';
import { idParam, idSchema } from './common.ts';

// Proof of service (decision 020): before and after photos of a job and the service's checklist, ticked by its
// detailer; Complete needs at least one after photo and every item ticked.

export const photoPhases = ['before', 'after'] as const;
export type PhotoPhase = (typeof photoPhases)[number];

/** At most this many photos of each phase on one job. */
export const maxPhotosPerPhase = 12;

/** What `missing` says when the job has no after photo yet. */
export const missingAfterPhotoText = 'At least one after photo';
/** What `missing` says for a checklist item not ticked yet. */
export const missingChecklistItemText = (label: string) => `Checklist: ${label}`;

/** The 409 of Complete without the proof; the error's fields list what is missing. */
export const completeNeedsProofMessage = 'Add at least one after photo and finish the checklist before completing.';

export const bookingPhotoSchema = z.object({
  id: z.number().int(),
  phase: z.enum(photoPhases),
  /** The upload's address, `/api/uploads/{uploadId}` (add `?w=320` for a thumbnail). */
  url: z.string(),
  /** ISO instant. */
  createdAt: z.string(),
});
export type BookingPhoto = z.infer<typeof bookingPhotoSchema>;

export const checklistItemSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  checked: z.boolean(),
  /** ISO instant, or null while unticked. */
  checkedAt: z.string().nullable(),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

/** GET /api/bookings/:id/proof, and the answer of every change to it. */
export const bookingProofSchema = z.object({
  /** Oldest first, before and after mixed: group them by phase to show. */
  photos: z.array(bookingPhotoSchema),
  /** In the service's order; empty until the job starts (the checklist is copied then). */
  checklist: z.array(checklistItemSchema),
  /** The caller is the booking's detailer and the job is on the way or in progress: photos may change. */
  canEdit: z.boolean(),
  /** What Complete still needs, in words; empty once it may complete (or when the job is not under way). */
  missing: z.array(z.string()),
  /**
   * For the detailer of a job on the way: the checklist Start will copy, in order, so that a Start and ticks made
   * without signal can be shown and queued (decision 049). Absent otherwise.
   */
  checklistToCome: z.array(z.string()).optional(),
});
export type BookingProof = z.infer<typeof bookingProofSchema>;

/** POST /api/bookings/:id/photos: attach an upload of the detailer's (POST /api/uploads first). */
export const addBookingPhotoSchema = z.object({
  uploadId: idSchema('uploadId'),
  phase: z.enum(photoPhases, { error: "phase must be 'before' or 'after'" }),
});
export type AddBookingPhotoInput = z.infer<typeof addBookingPhotoSchema>;

/** DELETE /api/bookings/:id/photos/:photoId */
export const bookingPhotoParamsSchema = z.object({ id: idParam('Booking id'), photoId: idParam('Photo id') });

/** PATCH /api/bookings/:id/checklist/:itemId */
export const checklistItemParamsSchema = z.object({ id: idParam('Booking id'), itemId: idParam('Checklist item id') });
export const setChecklistItemSchema = z.object({ checked: z.boolean({ error: 'checked must be true or false' }) });
export type SetChecklistItemInput = z.infer<typeof setChecklistItemSchema>;

/** What Complete still needs, in words: the server refuses it while this is not empty, the screens list it. */
export function missingForComplete(
  photos: readonly Pick<BookingPhoto, 'phase'>[],
  checklist: readonly Pick<ChecklistItem, 'label' | 'checked'>[],
): string[] {
  const missing = photos.some((photo) => photo.phase === 'after') ? [] : [missingAfterPhotoText];
  for (const item of checklist) if (!item.checked) missing.push(missingChecklistItemText(item.label));
  return missing;
}
