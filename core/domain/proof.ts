// Proof of service's words and rules (decision 020), apart from its schemas (core/schemas/proof.ts) so that a page
// with a job's buttons (the detailer's dashboard and bookings) does not load zod for them (decision 053).

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

/** What Complete still needs, in words: the server refuses it while this is not empty, the screens list it. */
export function missingForComplete(
  photos: readonly { phase: PhotoPhase }[],
  checklist: readonly { label: string; checked: boolean }[],
): string[] {
  const missing = photos.some((photo) => photo.phase === 'after') ? [] : [missingAfterPhotoText];
  for (const item of checklist) if (!item.checked) missing.push(missingChecklistItemText(item.label));
  return missing;
}
