import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { badRequest } from '@core/errors.ts';
import {
  messagePhotoMaxBytes,
  messagePhotoMaxPixels,
  type MessagePhotoInput,
  type MessagePhotoType,
} from '@core/schemas/message.ts';
import type { ObjectStorage } from '../storage/object-storage.ts';

/** What a stored photo is served as: every upload is re-encoded to this. */
export const storedPhotoType = 'image/webp';

/** The image type the bytes themselves say, or null: the declared type is the browser's guess, not a fact. */
export function detectPhotoType(bytes: Buffer): MessagePhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/**
 * Decoding a small file can still mean a huge bitmap (a 5 MB png of 30,000 x 30,000 blank pixels): sharp refuses
 * anything larger than this before allocating it. 50 megapixels is beyond any phone camera.
 */
const maxInputPixels = 50_000_000;

const unreadable = () => badRequest('photo could not be read as a jpeg, png or webp image', { 'photo.data': 'photo is not a readable image' });

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
    return await sharp(bytes, { limitInputPixels: maxInputPixels, failOn: 'error' })
      .rotate()
      .resize({ width: messagePhotoMaxPixels, height: messagePhotoMaxPixels, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw unreadable();
  }
}

/** A new key for a photo of a thread: random, so a photo's address cannot be guessed from another's. */
export function newPhotoKey(conversationId: number): string {
  return `messages/${conversationId}/${randomBytes(12).toString('hex')}.webp`;
}

/** Prepares and stores a photo; answers its key. */
export async function storeMessagePhoto(storage: ObjectStorage, conversationId: number, photo: MessagePhotoInput): Promise<string> {
  const webp = await preparePhoto(photo);
  const key = newPhotoKey(conversationId);
  await storage.put(key, webp);
  return key;
}
