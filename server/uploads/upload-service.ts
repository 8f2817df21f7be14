import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { AppError, badRequest, notFound } from '@core/errors.ts';
import { storedUploadWidths, uploadMaxBytes, type Upload } from '@core/schemas/upload.ts';
import type { Database } from '../db/client.ts';
import {
  bookingPhotos,
  bookings,
  detailers,
  portfolioConsents,
  portfolioPhotos,
  reviews,
  services,
  uploads,
  users,
  vehicles,
} from '../db/schema.ts';
import { requireUser, type Actor } from '../identity/access.ts';
import type { ObjectStorage } from '../storage/object-storage.ts';
import { requireStorageLeft, reserveStorage } from '../storage/storage-quota.ts';
import { uploadObjectKey } from './upload-keys.ts';
import { detectImageType, encodeWebp, ImageError, storedImageType, uprightSize } from './image-processing.ts';

export const wrongTypeMessage = 'Upload a JPEG, PNG or WebP image';
export const tooLargeMessage = 'The image is larger than 8 MB; choose a smaller one';

/** A file over the limit: 413 with a message that says so. */
export const uploadTooLarge = () => new AppError('payload_too_large', tooLargeMessage, { file: tooLargeMessage });

const refused = (message: string) => badRequest(message, { file: message });

type UploadRow = typeof uploads.$inferSelect;

const uploadResponse = (row: UploadRow): Upload => ({ id: row.id, url: `/api/uploads/${row.id}`, width: row.width, height: row.height });

/**
 * POST /api/uploads: checks the file by its bytes, re-encodes it (upright, no metadata, WebP) in each width that fits
 * and stores them, then records the upload as the caller's within their storage quota (413 naming it beyond).
 */
export async function createUpload(db: Database, storage: ObjectStorage, actor: Actor, bytes: Buffer): Promise<Upload> {
  const user = requireUser(actor);
  if (bytes.length === 0) throw refused('The file is empty; choose an image');
  if (bytes.length > uploadMaxBytes) throw uploadTooLarge();
  if (detectImageType(bytes) === null) throw refused(wrongTypeMessage);
  await requireStorageLeft(db, user.id, 'file');

  const versions: { width: number; height: number; data: Buffer }[] = [];
  try {
    const { width } = await uprightSize(bytes);
    // One at a time: each decode holds a full bitmap, and the server's cores are shared.
    for (const target of storedUploadWidths(width)) versions.push(await encodeWebp(bytes, { width: target }));
  } catch (error) {
    if (!(error instanceof ImageError)) throw error;
    throw refused(
      error.reason === 'too_many_pixels'
        ? 'The image has too many pixels (at most 50 megapixels)'
        : 'The image could not be read; it may be damaged',
    );
  }

  const storageKey = `uploads/${randomBytes(12).toString('hex')}`;
  const written: string[] = [];
  try {
    for (const version of versions) {
      const key = uploadObjectKey(storageKey, version.width);
      await storage.put(key, version.data);
      written.push(key);
    }
    const largest = versions.at(-1)!;
    const byteSize = versions.reduce((sum, version) => sum + version.data.length, 0);
    const row = await db.transaction(async (tx) => {
      await reserveStorage(tx, user.id, byteSize, 'file');
      const [created] = await tx
        .insert(uploads)
        .values({
          ownerUserId: user.id,
          storageKey,
          widths: versions.map((version) => version.width),
          width: largest.width,
          height: largest.height,
          byteSize,
        })
        .returning();
      return created!;
    });
    return uploadResponse(row);
  } catch (error) {
    // Nothing half-stored: the objects go when the row could not be written.
    await Promise.allSettled(written.map((key) => storage.delete(key)));
    throw error;
  }
}

/** Whether a signed-in user may see an upload they do not own, through what it is used for: see readUpload. */
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
  if (asAvatar) return true;
  // A job's before or after photo (decision 020): the booking's customer and its detailer.
  const [asProof] = await db
    .select({ id: bookingPhotos.id })
    .from(bookingPhotos)
    .innerJoin(bookings, eq(bookings.id, bookingPhotos.bookingId))
    .innerJoin(detailers, eq(detailers.id, bookings.detailerId))
    .where(and(eq(bookingPhotos.uploadId, uploadId), or(eq(bookings.customerId, userId), eq(detailers.userId, userId))))
    .limit(1);
  return Boolean(asProof);
}

/**
 * Whether anyone, signed in or not, may see an upload: a service's photo and a business's logo (the catalog is
 * public), a portfolio copy while its job's customer agrees (decision 050), and the after photos of a job whose
 * customer review is published and not hidden (they show with the review on the detailer's public page) unless the
 * detailer blurred part of it for the portfolio. Nothing else is public.
 */
async function isPublic(db: Database, uploadId: number): Promise<boolean> {
  const [asService] = await db.select({ id: services.id }).from(services).where(eq(services.imageUploadId, uploadId)).limit(1);
  if (asService) return true;
  const [asLogo] = await db.select({ id: detailers.id }).from(detailers).where(eq(detailers.logoUploadId, uploadId)).limit(1);
  if (asLogo) return true;
  const [inPortfolio] = await db
    .select({ id: portfolioPhotos.id })
    .from(portfolioPhotos)
    .innerJoin(portfolioConsents, and(eq(portfolioConsents.bookingId, portfolioPhotos.bookingId), eq(portfolioConsents.allowed, true)))
    .where(or(eq(portfolioPhotos.beforeUploadId, uploadId), eq(portfolioPhotos.afterUploadId, uploadId)))
    .limit(1);
  if (inPortfolio) return true;
  const [withReview] = await db
    .select({ id: bookingPhotos.id })
    .from(bookingPhotos)
    .innerJoin(reviews, eq(reviews.bookingId, bookingPhotos.bookingId))
    .where(
      and(
        eq(bookingPhotos.uploadId, uploadId),
        eq(bookingPhotos.phase, 'after'),
        eq(reviews.authorRole, 'customer'),
        isNotNull(reviews.publishedAt),
        isNull(reviews.hiddenAt),
        sql`not exists (select 1 from ${portfolioPhotos} where ${portfolioPhotos.afterPhotoId} = ${bookingPhotos.id} and ${portfolioPhotos.afterBlurred})`,
      ),
    )
    .limit(1);
  return Boolean(withReview);
}

/**
 * GET /api/uploads/:id: the stored WebP nearest `wantedWidth` at or above it (the largest without one). Its owner, an
 * admin, the detailer of a booking with the car it shows, anyone signed in for a profile photo, the customer and
 * detailer of a job it proves; anyone at all, signed in or not, for a public image (isPublic). Else 404, so a
 * stranger cannot even learn that an id exists.
 */
export async function readUpload(
  db: Database,
  storage: ObjectStorage,
  actor: Actor,
  uploadId: number,
  wantedWidth: number | undefined,
): Promise<{ contentType: string; data: Buffer }> {
  const missing = () => notFound('Image not found');
  const [row] = await db.select().from(uploads).where(eq(uploads.id, uploadId));
  if (!row) throw missing();
  const allowed =
    (actor !== null && (row.ownerUserId === actor.id || actor.role === 'admin' || (await isVisibleThroughUse(db, actor.id, uploadId)))) ||
    (await isPublic(db, uploadId));
  if (!allowed) throw missing();
  const widths = [...row.widths].sort((a, b) => a - b);
  const width = (wantedWidth === undefined ? undefined : widths.find((stored) => stored >= wantedWidth)) ?? widths.at(-1)!;
  const data = await storage.get(uploadObjectKey(row.storageKey, width));
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

/** The largest stored version of an upload, for a copy made from it (a portfolio photo); null when gone. */
export async function readLargestVersion(db: Database, storage: ObjectStorage, uploadId: number): Promise<Buffer | null> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, uploadId));
  if (!row) return null;
  return storage.get(uploadObjectKey(row.storageKey, Math.max(...row.widths)));
}
