import { z } from 'zod';
import { claimDescriptionMax, claimDescriptionMin, claimPhotosMax } from '../domain/after-the-job.ts';
import { formatUsd } from '../domain/money.ts';
import { dollarsTextSchema, idParam, idSchema, textSchema } from './common.ts';

export const claimStatuses = ['open', 'resolved', 'rejected'] as const;
export type ClaimStatus = (typeof claimStatuses)[number];

/** What went wrong, named `field` in its messages. */
const claimDescription = (field: string) =>
  textSchema(field, claimDescriptionMax, { multiline: true }).min(
    claimDescriptionMin,
    `${field} must be at least ${claimDescriptionMin} characters`,
  );

/** POST /api/bookings/:id/claims: 'Report a problem', with photos the customer uploaded (POST /api/uploads). */
export const createClaimSchema = z.object({
  description: claimDescription('description'),
  uploadIds: z
    .array(idSchema('uploadIds', 'uploadIds must hold upload ids'), { error: 'uploadIds must be a list of upload ids' })
    .max(claimPhotosMax, `uploadIds may hold at most ${claimPhotosMax} photos`)
    .refine((ids) => new Set(ids).size === ids.length, 'uploadIds must not repeat a photo')
    .default([]),
});
export type CreateClaimInput = z.infer<typeof createClaimSchema>;

/** The 'Report a problem' form: the same rules, its messages in the customer's words ("Your description ..."). */
export const createClaimFormSchema = createClaimSchema.extend({ description: claimDescription('Your description') });
export type CreateClaimFormInput = z.input<typeof createClaimFormSchema>;

/** The note the customer reads with the decision; `required` is what an empty one says. */
const claimNote = (required = 'note is required') => textSchema('note', 1000, { multiline: true, required }).min(1, required);

/** POST /api/admin/claims/:id/resolve: a refund through the booking's refund path (none when left out). */
export const resolveClaimSchema = z.object({
  refundCents: z
    .number({ error: 'refundCents must be a whole number of cents' })
    .int('refundCents must be a whole number of cents')
    .min(1, 'refundCents must be at least 1 cent')
    .max(100_000_000, 'refundCents is too large')
    .optional(),
  note: claimNote(),
});
export type ResolveClaimInput = z.infer<typeof resolveClaimSchema>;

/** POST /api/admin/claims/:id/reject */
export const rejectClaimSchema = z.object({ note: claimNote() });
export type RejectClaimInput = z.infer<typeof rejectClaimSchema>;

const formNote = claimNote('Write a note for the customer.');

/**
 * The admin's 'Resolve' form: the refund typed in dollars (empty or $0.00 for none, at most what is left to refund)
 * and the note, sent as the API's body.
 */
export const resolveClaimFormSchema = (refundableCents: number) =>
  z
    .object({
      amount: z
        .string()
        .transform((text) => (text.trim() === '' ? '0' : text))
        .pipe(dollarsTextSchema('Enter an amount in dollars, such as 20.00, or leave it empty for no refund.'))
        .refine((cents) => cents <= refundableCents, `At most ${formatUsd(refundableCents)} can be refunded.`),
      note: formNote,
    })
    .transform(({ amount, note }) => (amount > 0 ? { refundCents: amount, note } : { note }))
    .pipe(resolveClaimSchema);
export type ResolveClaimFormInput = z.input<ReturnType<typeof resolveClaimFormSchema>>;

/** The admin's 'Reject' form: the note alone (the amount field is not shown). */
export const rejectClaimFormSchema = z
  .object({ amount: z.string(), note: formNote })
  .transform(({ note }) => ({ note }))
  .pipe(rejectClaimSchema);

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
