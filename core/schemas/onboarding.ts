import { z } from 'zod';
import { businessProfileLimits } from '../domain/business-profile.ts';
import { idParam, idSchema, textSchema } from './common.ts';

// A new detailer's setup before customers see them (issue 17, decision 021): one contract for the API and the screens.

/** The setup steps, in the order the checklist shows them. Each is done when its data exists. */
export const onboardingStepKeys = ['business', 'area', 'hours', 'services', 'payout'] as const;
export type OnboardingStepKey = (typeof onboardingStepKeys)[number];

/** What each step is called on the checklist, what a refusal names when it is missing, and where it is done. */
export const onboardingStepInfo: Record<OnboardingStepKey, { label: string; missing: string; href: string }> = {
  business: { label: 'Business name, description and logo', missing: 'business profile', href: '/detailer#business' },
  area: { label: 'Service area', missing: 'service area', href: '/detailer/availability' },
  hours: { label: 'Weekly hours', missing: 'weekly hours', href: '/detailer/availability' },
  services: { label: 'At least one service', missing: 'a service', href: '/detailer/manage-services' },
  payout: { label: 'Payout details', missing: 'payout details', href: '/business' },
};

export const onboardingStepSchema = z.object({
  key: z.enum(onboardingStepKeys),
  label: z.string(),
  done: z.boolean(),
  href: z.string(),
});
export type OnboardingStep = z.infer<typeof onboardingStepSchema>;

/** The business card the setup form edits (the logo as a url the page can show). */
export const businessProfileSchema = z.object({
  businessName: z.string(),
  description: z.string(),
  logoUploadId: z.number().int().nullable(),
  logoUrl: z.string().nullable(),
});
export type BusinessProfile = z.infer<typeof businessProfileSchema>;

/** GET /api/detailer/onboarding: the steps, whether all are done, and whether an admin approved the business. */
export const onboardingSchema = z.object({
  steps: z.array(onboardingStepSchema),
  complete: z.boolean(),
  approved: z.boolean(),
  /** Every step is done and the admins were told: waiting for an admin's approval. */
  submittedForApproval: z.boolean(),
  business: businessProfileSchema,
});
export type Onboarding = z.infer<typeof onboardingSchema>;

const limits = businessProfileLimits;

const businessFields = {
  businessName: textSchema('Business name', limits.nameMax).min(
    limits.nameMin,
    `Business name must be at least ${limits.nameMin} characters`,
  ),
  description: textSchema('Description', limits.descriptionMax, { multiline: true }).min(
    limits.descriptionMin,
    `Description must be at least ${limits.descriptionMin} characters`,
  ),
};

/** The setup form: name and description saved together (the logo is saved as soon as it is uploaded). */
export const businessFormSchema = z.object(businessFields);
export type BusinessForm = z.infer<typeof businessFormSchema>;

/** PATCH /api/detailer/business: any of the name, the description and the logo (an upload of the detailer's own). */
export const businessUpdateSchema = z
  .object({
    businessName: businessFields.businessName.optional(),
    description: businessFields.description.optional(),
    logoUploadId: idSchema('Logo', 'Logo must be an upload id').optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), { message: 'Nothing to change' });
export type BusinessUpdate = z.infer<typeof businessUpdateSchema>;

export const detailerIdParamsSchema = z.object({ id: idParam('Detailer id') });

/** POST /api/admin/detailers/:id/approve's answer. */
export const detailerApprovalSchema = z.object({ detailerId: z.number().int(), approvedAt: z.string() });
export type DetailerApproval = z.infer<typeof detailerApprovalSchema>;

/** The 409 of an approval asked too early: which steps are still missing. */
export const notFinishedMessage = (missing: readonly OnboardingStepKey[]) =>
  `This detailer has not finished onboarding: ${missing.map((key) => onboardingStepInfo[key].missing).join(', ')}`;
