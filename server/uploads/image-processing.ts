import sharp, { type Metadata } from 'sharp';
import type { UploadImageType } from '@core/schemas/upload.ts';

/**
 * The one place images are read and re-encoded (message photos and uploads): the type comes from the bytes, sharp
 * turns the image upright, drops its metadata (a photo's EXIF GPS position is someone's home) and writes WebP.
 */

/** What a stored image is served as: every image is re-encoded to this. */
export const storedImageType = 'image/webp';

/** The image type the bytes themselves say, or null: a file's name and declared type are the browser's guess. */
export function detectImageType(bytes: Buffer): UploadImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/**
 * Decoding a small file can still mean a huge bitmap (a 5 MB png of 30,000 x 30,000 blank pixels): sharp refuses
 * anything larger than this before allocating it. 50 megapixels is beyond any phone camera.
 */
export const maxInputPixels = 50_000_000;

/** Why an image was refused: the callers word it for their own API. */
export class ImageError extends Error {
  constructor(readonly reason: 'unreadable' | 'too_many_pixels') {
    super(reason === 'unreadable' ? 'image could not be decoded' : 'image has too many pixels');
    this.name = 'ImageError';
  }
}

const decoder = (bytes: Buffer) => sharp(bytes, { limitInputPixels: maxInputPixels, failOn: 'error' });

/** The image's size once turned upright (EXIF orientations 5 to 8 swap width and height). */
export async function uprightSize(bytes: Buffer): Promise<{ width: number; height: number }> {
  let metadata: Metadata;
  try {
    metadata = await decoder(bytes).metadata();
  } catch {
    throw new ImageError('unreadable');
  }
  const { width, height, orientation } = metadata;
  if (!width || !height) throw new ImageError('unreadable');
  if (width * height > maxInputPixels) throw new ImageError('too_many_pixels');
  return (orientation ?? 1) >= 5 ? { width: height, height: width } : { width, height };
}

/**
 * Re-encodes an image as WebP, upright, without metadata (sharp keeps none unless asked with withMetadata), scaled to
 * fit inside `box` and never enlarged. Answers the bytes and their size.
 */
export async function encodeWebp(
  bytes: Buffer,
  box: { width?: number; height?: number },
): Promise<{ data: Buffer; width: number; height: number }> {
  try {
    const { data, info } = await decoder(bytes)
      .rotate()
      .resize({ ...box, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new ImageError('too_many_pixels');
    throw new ImageError('unreadable');
  }
}

/** A region to hide, in fractions of the image's width and height. */
export type ImageRegion = { x: number; y: number; width: number; height: number };

/**
 * The image with `region` made unreadable (a plate, a face, a house number): the region is pixelated to blocks of
 * about a twentieth of its size and then blurred, so nothing in it can be read back. Answers a lossless PNG; the
 * upload pipeline re-encodes it.
 */
export async function hideRegion(bytes: Buffer, region: ImageRegion): Promise<Buffer> {
  const { width, height } = await uprightSize(bytes);
  const left = Math.min(width - 1, Math.floor(region.x * width));
  const top = Math.min(height - 1, Math.floor(region.y * height));
  const areaWidth = Math.max(1, Math.min(width - left, Math.ceil(region.width * width)));
  const areaHeight = Math.max(1, Math.min(height - top, Math.ceil(region.height * height)));
  try {
    const upright = await decoder(bytes).rotate().png().toBuffer();
    // Blurred before it is shrunk, so fine detail (letters, a checkerboard) averages out instead of aliasing.
    const blockSize = Math.max(1, Math.min(areaWidth, areaHeight) / 20);
    const blocks = await sharp(upright)
      .extract({ left, top, width: areaWidth, height: areaHeight })
      .blur(Math.max(2, blockSize))
      .resize({ width: Math.max(1, Math.round(areaWidth / 20)), height: Math.max(1, Math.round(areaHeight / 20)), fit: 'fill' })
      .png()
      .toBuffer();
    const patch = await sharp(blocks)
      .resize({ width: areaWidth, height: areaHeight, fit: 'fill', kernel: 'nearest' })
      .blur(Math.max(1, blockSize / 2))
      .png()
      .toBuffer();
    return await sharp(upright)
      .composite([{ input: patch, left, top }])
      .png()
      .toBuffer();
  } catch {
    throw new ImageError('unreadable');
  }
}
