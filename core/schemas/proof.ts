import { z } from 'zod';
import { photoPhases } from '../domain/proof.ts';
import { idParam, idSchema } from './common.ts';

// Proof of service (decision 020): before and after photos of a job and the service's checklist, ticked by its
// detailer; Complete needs at least one after photo and every item ticked. Its words and rules, which pages show
// without zod, are in core/domain/proof.ts.

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
