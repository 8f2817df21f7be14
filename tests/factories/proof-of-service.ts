import sharp from 'sharp';
import type { AppContext } from '../../server/context.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { addBookingPhoto, getBookingProof, setChecklistItem } from '../../server/proof/proof-service.ts';
import { createMemoryStorage } from '../../server/storage/object-storage.ts';
import { createUpload } from '../../server/uploads/upload-service.ts';

/** A tiny JPEG made on the spot: what a test uploads when the image itself does not matter. */
export const tinyJpeg = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#2b5cab' } })
    .jpeg()
    .toBuffer();

/**
 * What Complete needs (decision 020), done as the booking's detailer through the real services: uploads a tiny JPEG,
 * attaches it as an 'after' photo and ticks every checklist item. Call it once the job is in progress (the checklist
 * is copied at Start). The image's bytes go to memory storage: the row is real, the file is not served.
 */
export async function addProofOfService(ctx: AppContext, detailer: UserRow, bookingId: number, now: Date = ctx.clock.now()) {
  const upload = await createUpload(ctx.db, createMemoryStorage(), detailer, await tinyJpeg());
  await addBookingPhoto(ctx, detailer, now, bookingId, { uploadId: upload.id, phase: 'after' });
  const proof = await getBookingProof(ctx, detailer, bookingId);
  for (const item of proof.checklist) {
    if (!item.checked) await setChecklistItem(ctx, detailer, now, bookingId, item.id, { checked: true });
  }
  return getBookingProof(ctx, detailer, bookingId);
}
