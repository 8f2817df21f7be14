import { z } from 'zod';
import { hideReasonMaxLength, hideReasonMinLength, reviewBodyMaxLength, reviewReplyMaxLength } from '../domain/reviews.ts';
import { idParam, textSchema } from './common.ts';

export { bookingReviewsEntityId } from '../domain/reviews.ts';

// Reviews (decision 020, "Reviews are blind"): the contracts of /api/bookings/:id/reviews, /api/reviews/:id,
// /api/detailers/:id/reviews and /api/admin/reviews/:id/hide|unhide.

export const detailerReviewsPageSize = 20;

/** 'customer' rates the detailer; 'detailer' rates the customer. */
export const reviewAuthorRoles = ['customer', 'detailer'] as const;
export type ReviewAuthorRole = (typeof reviewAuthorRoles)[number];

const ratingMessage = 'Rating must be a whole number of stars from 1 to 5';
export const reviewRatingSchema = z
  .number({ error: (issue) => (issue.input === undefined ? 'Rating is required' : ratingMessage) })
  .int(ratingMessage)
  .min(1, ratingMessage)
  .max(5, ratingMessage);

const reviewBodySchema = textSchema('Review', reviewBodyMaxLength, { multiline: true });

/** POST /api/bookings/:id/reviews: the side is whoever asks (the booking's customer or its detailer). */
export const createReviewSchema = z.object({ rating: reviewRatingSchema, body: reviewBodySchema.default('') });
export type CreateReviewInput = z.infer<typeof createReviewSchema>;
/** The form's values before parsing (body may be left out). */
export type ReviewFormValues = z.input<typeof createReviewSchema>;

/** PATCH /api/reviews/:id: the author, within 24 hours of writing; either field or both. */
export const updateReviewSchema = z
  .object({ rating: reviewRatingSchema.optional(), body: reviewBodySchema.optional() })
  .refine((change) => change.rating !== undefined || change.body !== undefined, { message: 'Change the rating or the review' });
export type UpdateReviewInput = z.infer<typeof updateReviewSchema>;

/** POST /api/reviews/:id/reply: the reviewed detailer's one public answer. */
export const reviewReplySchema = z.object({
  body: textSchema('Reply', reviewReplyMaxLength, { multiline: true }).min(1, 'Reply is required'),
});
export type ReviewReplyInput = z.infer<typeof reviewReplySchema>;

/** POST /api/admin/reviews/:id/hide: the reason is kept with the review. */
export const hideReviewSchema = z.object({
  reason: textSchema('Reason', hideReasonMaxLength).min(hideReasonMinLength, `Reason must be at least ${hideReasonMinLength} characters`),
});
export type HideReviewInput = z.infer<typeof hideReviewSchema>;

export const reviewIdParamsSchema = z.object({ id: idParam('Review id') });
export const detailerReviewsQuerySchema = z.object({ cursor: idParam('cursor').optional() });

export const reviewSchema = z.object({
  id: z.number(),
  bookingId: z.number(),
  authorRole: z.enum(reviewAuthorRoles),
  /** A customer signs with first name and last initial; a detailer with the business name. */
  authorName: z.string(),
  /** Who is rated: the detailer's business, or the customer's first name and last initial. */
  subjectName: z.string(),
  detailerId: z.number(),
  detailerBusinessName: z.string(),
  rating: z.number().int(),
  body: z.string(),
  serviceName: z.string(),
  /** The booking's day, YYYY-MM-DD in the detailer's zone. */
  bookingDate: z.string(),
  /** The booking's 'after' photos, on a published customer review only. */
  photoUrls: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Null while blind (only its author sees it then). */
  publishedAt: z.string().nullable(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  isHidden: z.boolean(),
  /** For its author and admins only; null otherwise. */
  hiddenReason: z.string().nullable(),
  /** What the viewer may do with it. */
  isMine: z.boolean(),
  canEdit: z.boolean(),
  /** When the author's edits close (24 hours after writing). */
  editableUntil: z.string(),
  canReply: z.boolean(),
  canHide: z.boolean(),
});
export type Review = z.infer<typeof reviewSchema>;

/** GET /api/bookings/:id/reviews: for its customer, its detailer and admins. */
export const bookingReviewsSchema = z.object({
  /** The viewer's side of the booking; null for an admin. */
  side: z.enum(reviewAuthorRoles).nullable(),
  mine: reviewSchema.nullable(),
  /** The other side's review, only once published (and not hidden). */
  theirs: reviewSchema.nullable(),
  /** Every published review of the booking the viewer may see (an admin's view). */
  published: z.array(reviewSchema),
  canReview: z.boolean(),
  canEdit: z.boolean(),
  /** 14 days after completion; null before completion. */
  windowClosesAt: z.string().nullable(),
  isWindowOpen: z.boolean(),
});
export type BookingReviews = z.infer<typeof bookingReviewsSchema>;

/** GET /api/detailers/:id/reviews?cursor=: published, visible customer reviews, newest first, 20 a page. */
export const detailerReviewsPageSchema = z.object({
  reviews: z.array(reviewSchema),
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: z.number().nullable(),
  rating: z.number(),
  reviewCount: z.number().int(),
});
export type DetailerReviewsPage = z.infer<typeof detailerReviewsPageSchema>;
