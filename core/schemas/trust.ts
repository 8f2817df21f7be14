import { z } from 'zod';
import { documentKinds, documentStatuses } from '../domain/trust.ts';
import { dateSchema, idParam, idSchema, textSchema } from './common.ts';

export { badgeLabels, documentKinds, documentLabels, documentStatuses, type DocumentKind, type DocumentStatus } from '../domain/trust.ts';

// Trust a customer can see (decision 050): figures, badges from checked documents, a portfolio from verified jobs.

const image = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
export type PortfolioImage = z.infer<typeof image>;

export const portfolioPairSchema = z.object({
  id: z.number().int(),
  serviceName: z.string(),
  /** YYYY-MM, the month of the job. */
  month: z.string(),
  before: image,
  after: image,
});
export type PortfolioPair = z.infer<typeof portfolioPairSchema>;

/** GET /api/detailers/:id/trust: what anyone sees on the detailer's page. */
export const detailerTrustSchema = z.object({
  jobsCompleted: z.number().int(),
  /** Median hours from request to accept or decline over the last 90 days; null when too few requests. */
  responseHours: z.number().int().nullable(),
  /** YYYY-MM. */
  memberSince: z.string(),
  badges: z.array(z.object({ kind: z.enum(documentKinds), label: z.string(), expiresOn: z.string() })),
  portfolio: z.array(portfolioPairSchema),
});
export type DetailerTrust = z.infer<typeof detailerTrustSchema>;

/** POST /api/detailer/documents */
export const submitDocumentSchema = z.object({
  kind: z.enum(documentKinds, { error: 'Choose the kind of document' }),
  uploadId: idSchema('uploadId'),
  expiresOn: dateSchema('Expiry date'),
});
export type SubmitDocumentInput = z.infer<typeof submitDocumentSchema>;

export const detailerDocumentSchema = z.object({
  id: z.number().int(),
  detailerId: z.number().int(),
  businessName: z.string(),
  kind: z.enum(documentKinds),
  /** `/api/uploads/{id}`: its uploader and admins only. */
  fileUrl: z.string(),
  expiresOn: z.string(),
  status: z.enum(documentStatuses),
  reason: z.string().nullable(),
  /** ISO instant. */
  submittedAt: z.string(),
});
export type DetailerDocument = z.infer<typeof detailerDocumentSchema>;

export const documentIdParamsSchema = z.object({ id: idParam('Document id') });

/** POST /api/admin/documents/:id/decision: a refusal says why, for the detailer. */
export const documentDecisionSchema = z.discriminatedUnion(
  'grant',
  [
    z.object({ grant: z.literal(true) }),
    z.object({
      grant: z.literal(false),
      reason: textSchema('Reason', 200, { required: 'Say why it is refused' }).min(1, 'Say why it is refused'),
    }),
  ],
  { error: 'Say whether the badge is granted' },
);
export type DocumentDecisionInput = z.infer<typeof documentDecisionSchema>;

/** PUT /api/bookings/:id/portfolio-consent */
export const portfolioConsentInputSchema = z.object({ allowed: z.boolean({ error: 'Answer Yes or No' }) });
export type PortfolioConsentInput = z.infer<typeof portfolioConsentInputSchema>;

/** GET /api/bookings/:id/portfolio-consent: null until the customer answers. */
export const portfolioConsentSchema = z.object({ detailerName: z.string(), allowed: z.boolean().nullable() });
export type PortfolioConsent = z.infer<typeof portfolioConsentSchema>;

/** A rectangle to blur, in fractions of the photo's width and height (the photo's size does not matter). */
export const blurRegionSchema = z
  .object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1), width: z.number().gt(0).max(1), height: z.number().gt(0).max(1) })
  .refine((r) => r.x + r.width <= 1.0001 && r.y + r.height <= 1.0001, { error: 'The blurred area must sit inside the photo' });
export type BlurRegion = z.infer<typeof blurRegionSchema>;

/** POST /api/detailer/portfolio: one before and one after photo of the same consented job. */
export const publishPairSchema = z.object({
  beforePhotoId: idSchema('beforePhotoId'),
  afterPhotoId: idSchema('afterPhotoId'),
  beforeBlur: blurRegionSchema.nullable().default(null),
  afterBlur: blurRegionSchema.nullable().default(null),
});
export type PublishPairInput = z.input<typeof publishPairSchema>;

export const portfolioIdParamsSchema = z.object({ id: idParam('Portfolio photo id') });

/** GET /api/detailer/portfolio: the jobs whose customer said Yes, and what is published. */
export const detailerPortfolioSchema = z.object({
  jobs: z.array(
    z.object({
      bookingId: z.number().int(),
      serviceName: z.string(),
      month: z.string(),
      photos: z.array(z.object({ id: z.number().int(), phase: z.enum(['before', 'after']), url: z.string() })),
    }),
  ),
  published: z.array(portfolioPairSchema.extend({ bookingId: z.number().int() })),
});
export type DetailerPortfolio = z.infer<typeof detailerPortfolioSchema>;
