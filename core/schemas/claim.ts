import { z } from 'zod';
import { idParam, idSchema, textSchema } from './common.ts';

export const claimStatuses = ['open', 'resolved', 'rejected'] as const;
export type ClaimStatus = (typeof claimStatuses)[number];

export const claimDescriptionMin = 10;
export const claimDescriptionMax = 2000;
export const claimPhotosMax = 6;

/** POST /api/bookings/:id/claims: 'Report a problem', with photos the customer uploaded (POST /api/uploads). */
export const createClaimSchema = z.object({
  description: textSchema('description', claimDescriptionMax, { multiline: true }).min(
    claimDescriptionMin,
    `description must be at least ${claimDescriptionMin} characters`,
  ),
  uploadIds: z
    .array(idSchema('uploadIds', 'uploadIds must hold upload ids'), { error: 'uploadIds must be a list of upload ids' })
    .max(claimPhotosMax, `uploadIds may hold at most ${claimPhotosMax} photos`)
    .refine((ids) => new Set(ids).size === ids.length, 'uploadIds must not repeat a photo')
    .default([]),
});
export type CreateClaimInput = z.infer<typeof createClaimSchema>;

/** POST /api/admin/claims/:id/resolve: a refund through the booking's refund path (none when left out). */
export const resolveClaimSchema = z.object({
  refundCents: z
    .number({ error: 'refundCents must be a whole number of cents' })
    .int('refundCents must be a whole number of cents')
    .min(1, 'refundCents must be at least 1 cent')
    .max(100_000_000, 'refundCents is too large')
    .optional(),
  note: textSchema('note', 1000, { multiline: true }).min(1, 'note is required'),
});
export type ResolveClaimInput = z.infer<typeof resolveClaimSchema>;

/** POST /api/admin/claims/:id/reject */
export const rejectClaimSchema = z.object({ note: textSchema('note', 1000, { multiline: true }).min(1, 'note is required') });
export type RejectClaimInput = z.infer<typeof rejectClaimSchema>;

export const claimIdParamsSchema = z.object({ id: idParam('Claim id') });

/** GET /api/admin/claims?status= */
export const claimsQuerySchema = z.object({
  status: z.enum(claimStatuses, { error: `status must be one of ${claimStatuses.join(', ')}` }).optional(),
});

export const claimSchema = z.object({
  id: z.number().int(),
  bookingId: z.number().int(),
  customerId: z.number().int(),
  description: z.string(),
  status: z.enum(claimStatuses),
  photos: z.array(z.object({ uploadId: z.number().int(), url: z.string() })),
  refundCents: z.number().int().nullable(),
  resolutionNote: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Claim = z.infer<typeof claimSchema>;

/** An admin's view: the claim with its booking's names and what is left to refund. */
export const adminClaimSchema = claimSchema.extend({
  serviceName: z.string(),
  customerName: z.string(),
  detailerBusinessName: z.string(),
  /** Captured minus refunded on the booking: the most a resolution can give back. */
  refundableCents: z.number().int(),
});
export type AdminClaim = z.infer<typeof adminClaimSchema>;
