// Uploads' fixed rules, apart from their schemas (core/schemas/upload.ts) so that a page with an upload field does
// not load zod for them (issue 13).

/** Uploads (decision 019): one path for every image. These are the only types, recognised by their bytes. */
export const uploadImageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type UploadImageType = (typeof uploadImageTypes)[number];

/** The largest file POST /api/uploads takes. */
export const uploadMaxBytes = 8 * 1024 * 1024;

/** The widths an upload is stored in, smallest first; only those that fit the image (never enlarged). */
export const uploadWidths = [320, 800, 1600] as const;

/**
 * The widths stored for an image whose largest stored version is `width` px wide: the standard widths that fit, or
 * the image's own width when it is narrower than the smallest. Lets a client build a `srcset` from an Upload alone.
 */
export function storedUploadWidths(width: number): number[] {
  const fitting = uploadWidths.filter((candidate) => candidate <= width);
  return fitting.length > 0 ? fitting : [width];
}
