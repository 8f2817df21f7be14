import { z } from 'zod';

export { storedUploadWidths, uploadImageTypes, uploadMaxBytes, uploadWidths, type UploadImageType } from '../domain/uploads.ts';

/** POST /api/uploads answers this (201). `width` and `height` are those of the largest stored version. */
export const uploadSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type Upload = z.infer<typeof uploadSchema>;

/** GET /api/uploads/:id */
export const uploadIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'id must be a number' })
    .int('id must be a whole number')
    .positive('id must be positive')
    .max(2 ** 31 - 1, 'id is too large'),
});

/** GET /api/uploads/:id?w=: the width wanted; the nearest stored width at or above is served, else the largest. */
export const uploadImageQuerySchema = z.object({
  w: z.coerce
    .number({ error: 'w must be a width in pixels' })
    .int('w must be a whole number')
    .positive('w must be positive')
    .max(10_000, 'w must be at most 10000')
    .optional(),
});
