import { z } from 'zod';

/** Uploads (decision 019): one path for every image. These are the only types, recognised by their bytes. */
export const uploadImageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type UploadImageType = (typeof uploadImageTypes)[number];

/** The largest file POST /api/uploads takes. */
export const uploadMaxBytes = 8 * 1024 * 1024;

/** The widths an upload is stored in, smallest first; only those that fit the image (never enlarged). */
export const uploadWidths = [320, 800, 1600] as const;

/** POST /api/uploads answers this (201). `width` and `height` are those of the largest stored version. */
export const uploadSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type Upload = z.infer<typeof uploadSchema>;

/**
 * The widths stored for an image whose largest stored version is `width` px wide: the standard widths that fit, or
 * the image's own width when it is narrower than the smallest. Lets a client build a `srcset` from an Upload alone.
 */
export function storedUploadWidths(width: number): number[] {
  const fitting = uploadWidths.filter((candidate) => candidate <= width);
  return fitting.length > 0 ? fitting : [width];
}

/** GET /api/uploads/:id */
export const uploadIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int('id must be a whole number').positive('id must be positive').max(2 ** 31 - 1, 'id is too large'),
});

/** GET /api/uploads/:id?w=: the width wanted; the nearest stored width at or above is served, else the largest. */
export const uploadImageQuerySchema = z.object({
  w: z.coerce.number({ error: 'w must be a width in pixels' }).int('w must be a whole number').positive('w must be positive').max(10_000, 'w must be at most 10000').optional(),
});
