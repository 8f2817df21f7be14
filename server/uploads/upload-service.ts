import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { AppError, badRequest, notFound } from '@core/errors.ts';
import { storedUploadWidths, uploadMaxBytes, type Upload } from '@core/schemas/upload.ts';
import type { Database } from '../db/client.ts';
import { bookings, detailers, uploads, users, vehicles } from '../db/schema.ts';
import { requireUser, type Actor } from '../identity/access.ts';
import type { ObjectStorage } from '../storage/object-storage.ts';
import { detectImageType, encodeWebp, ImageError, storedImageType, uprightSize } from './image-processing.ts';

export const wrongTypeMessage = 'Upload a JPEG, PNG or WebP image';
export const tooLargeMessage = 'The image is larger than 8 MB; choose a smaller one';

/** A file over the limit: 413 with a message that says so. */
export const uploadTooLarge = () => new AppError('payload_too_large', tooLargeMessage, { file: tooLargeMessage });

const refused = (message: string) => badRequest(message, { file: message });

type UploadRow = typeof uploads.$inferSelect;

const uploadResponse = (row: UploadRow): Upload => ({ id: row.id, url: `/api/uploads/${row.id}`, width: row.width, height: row.height });

/** Where one stored width of an upload lives: `uploads/{random}/{width}.webp`. */
const objectKey = (storageKey: string, width: number) => `${storageKey}/${width}.webp`;

/**
 * POST /api/uploads: checks the file by its bytes, re-encodes it (upright, no metadata, WebP) in each width that fits
 * and stores them, then records the upload as the caller's.
 */
export async function createUpload(db: Database, storage: ObjectStorage, actor: Actor, bytes: Buffer): Promise<Upload> {
  const user = requireUser(actor);
  if (bytes.length === 0) throw refused('The file is empty; choose an image');
  if (bytes.length > uploadMaxBytes) throw uploadTooLarge();
  if (detectImageType(bytes) === null) throw refused(wrongTypeMessage);

  const versions: { width: number; height: number; data: Buffer }[] = [];
  try {
    const { width } = await uprightSize(bytes);
    // One at a time: each decode holds a full bitmap, and the server's cores are shared.
    for (const target of storedUploadWidths(width)) versions.push(await encodeWebp(bytes, { width: target }));
  } catch (error) {
    if (!(error instanceof ImageError)) throw error;
    throw refused(error.reason === 'too_many_pixels' ? 'The image has too many pixels (at most 50 megapixels)' : 'The image could not be read; it may be damaged');
  }

  const storageKey = `uploads/${randomBytes(12).toString('hex')}`;
  const written: string[] = [];
  try {
    for (const version of versions) {
      const key = objectKey(storageKey, version.width);
      await storage.put(key, version.data);
      written.push(key);
    }
    const largest = versions.at(-1)!;
    const [row] = await db
      .insert(uploads)
      .values({
        ownerUserId: user.id,
        storageKey,
        widths: versions.map((version) => version.width),
        width: largest.width,
        height: largest.height,
        byteSize: versions.reduce((sum, version) => sum + version.data.length, 0),
      })
      .returning();
    return uploadResponse(row!);
  } catch (error) {
    // Nothing half-stored: the objects go when the row could not be written.
    await Promise.allSettled(written.map((key) => storage.delete(key)));
    throw error;
  }
}

/** Whether the user may see an upload they do not own: see canSee. */
async function isVisibleThroughUse(db: Database, userId: number, uploadId: number): Promise<boolean> {
  // A car's photo: the detailer of a booking made with that car.
  const [asDetailer] = await db
    .select({ id: bookings.id })
    .from(vehicles)
    .innerJoin(bookings, eq(bookings.vehicleId, vehicles.id))
    .innerJoin(detailers, eq(detailers.id, bookings.detailerId))
    .where(and(eq(vehicles.photoUploadId, uploadId), eq(detailers.userId, userId)))
    .limit(1);
  if (asDetailer) return true;
  // A profile photo: anyone signed in (it shows beside the person's name in bookings and messages).
  const [asAvatar] = await db.select({ id: users.id }).from(users).where(eq(users.avatarUploadId, uploadId)).limit(1);
  return Boolean(asAvatar);
}

/**
 * GET /api/uploads/:id: the stored WebP nearest `wantedWidth` at or above it (the largest without one). Its owner, an
 * admin, the detailer of a booking with the car it shows, or anyone signed in for a profile photo; else 404, so a
 * stranger cannot even learn that an id exists.
 */
export async function readUpload(
  db: Database,
  storage: ObjectStorage,
  actor: Actor,
  uploadId: number,
  wantedWidth: number | undefined,
): Promise<{ contentType: string; data: Buffer }> {
  const user = requireUser(actor);
  const missing = () => notFound('Image not found');
  const [row] = await db.select().from(uploads).where(eq(uploads.id, uploadId));
  if (!row) throw missing();
  const allowed = row.ownerUserId === user.id || user.role === 'admin' || (await isVisibleThroughUse(db, user.id, uploadId));
  if (!allowed) throw missing();
  const widths = [...row.widths].sort((a, b) => a - b);
  const width = (wantedWidth === undefined ? undefined : widths.find((stored) => stored >= wantedWidth)) ?? widths.at(-1)!;
  const data = await storage.get(objectKey(row.storageKey, width));
  if (!data) throw missing();
  return { contentType: storedImageType, data };
}

/**
 * For the features that attach an upload (a car's photo, the profile's avatar): refuses (400, naming `field`) an
 * upload the user does not own, so nobody can show someone else's image as theirs. A missing id reads the same.
 */
export async function requireOwnUpload(db: Database, userId: number, uploadId: number, field = 'uploadId'): Promise<void> {
  const [row] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.ownerUserId, userId)));
  if (!row) throw badRequest('Upload the image first: this upload is not yours', { [field]: 'not an upload of yours' });
}
