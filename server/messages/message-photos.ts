import { randomBytes } from 'node:crypto';
import { badRequest } from '@core/errors.ts';
import { messagePhotoMaxBytes, messagePhotoMaxPixels, type MessagePhotoInput, type MessagePhotoType } from '@core/schemas/message.ts';
import type { ObjectStorage } from '../storage/object-storage.ts';
import { detectImageType, encodeWebp, ImageError, storedImageType } from '../uploads/image-processing.ts';

/** What a stored photo is served as: every upload is re-encoded to this. */
export const storedPhotoType = storedImageType;

/** The image type the bytes themselves say, or null (the shared sniffing of server/uploads/). */
export const detectPhotoType: (bytes: Buffer) => MessagePhotoType | null = detectImageType;

const unreadable = () =>
  badRequest('photo could not be read as a jpeg, png or webp image', { 'photo.data': 'photo is not a readable image' });

/**
 * Checks an uploaded photo by its bytes, scales it to at most 1600 px a side (keeping its proportions and the camera's
 * orientation, dropping its metadata such as the GPS position) and re-encodes it as webp. Answers the webp bytes.
 */
export async function preparePhoto(photo: MessagePhotoInput): Promise<Buffer> {
  const bytes = Buffer.from(photo.data, 'base64');
  if (bytes.length > messagePhotoMaxBytes) throw badRequest('photo must be at most 5 MB', { 'photo.data': 'photo must be at most 5 MB' });
  if (detectPhotoType(bytes) === null) {
    throw badRequest('photo must be a jpeg, png or webp image', { 'photo.data': 'photo must be a jpeg, png or webp image' });
  }
  try {
    const { data } = await encodeWebp(bytes, { width: messagePhotoMaxPixels, height: messagePhotoMaxPixels });
    return data;
  } catch (error) {
    if (error instanceof ImageError) throw unreadable();
    throw error;
  }
}

/** A new key for a photo of a thread: random, so a photo's address cannot be guessed from another's. */
export function newPhotoKey(conversationId: number): string {
  return `messages/${conversationId}/${randomBytes(12).toString('hex')}.webp`;
}

/** Prepares and stores a photo; answers its key and its stored size (which counts toward the sender's quota). */
export async function storeMessagePhoto(
  storage: ObjectStorage,
  conversationId: number,
  photo: MessagePhotoInput,
): Promise<{ key: string; bytes: number }> {
  const webp = await preparePhoto(photo);
  const key = newPhotoKey(conversationId);
  await storage.put(key, webp);
  return { key, bytes: webp.length };
}
