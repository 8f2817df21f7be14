import { z } from 'zod';
import { formatUsd } from '../domain/money.ts';
import { ownServiceLimits } from '../domain/own-services.ts';
import { vehicleTypes } from './booking.ts';
import { vehicleSurchargeSchema } from './catalog.ts';
import { idParam, idSchema, textSchema } from './common.ts';

// A detailer's own services (issue 17, decision 020): one contract for the API and the editor's form.

const limits = ownServiceLimits;

const priceMessage = `Price must be between ${formatUsd(limits.priceMinCents)} and ${formatUsd(limits.priceMaxCents)}`;
const durationMessage = `Duration must be ${limits.durationMin} to ${limits.durationMax} minutes, in ${limits.durationStep}-minute steps`;
const wholeCents = (value: number) => Number.isInteger(value);

/** One vehicle type's surcharge: 0 means none (no row is kept). */
export const surchargeInputSchema = z
  .object({
    vehicleType: z.enum(vehicleTypes, { error: `Vehicle type must be one of ${vehicleTypes.join(', ')}` }),
    surchargeCents: z.number({ error: 'Surcharge must be an amount in cents' }),
  })
  .superRefine((surcharge, ctx) => {
    const cents = surcharge.surchargeCents;
    if (wholeCents(cents) && cents >= 0 && cents <= limits.surchargeMaxCents) return;
    ctx.addIssue({
      code: 'custom',
      path: ['surchargeCents'],
      message: `${surcharge.vehicleType} surcharge must be between $0.00 and ${formatUsd(limits.surchargeMaxCents)}, in whole cents`,
    });
  });
export type SurchargeInput = z.infer<typeof surchargeInputSchema>;

const ownServiceFields = {
  name: textSchema('Name', limits.nameMax).min(limits.nameMin, `Name must be at least ${limits.nameMin} characters`),
  description: textSchema('Description', limits.description, { multiline: true }),
  categoryId: idSchema('Category', 'Choose a category'),
  /** Whole cents: the form turns the dollars typed into cents (core/domain/money.ts). */
  priceCents: z
    .number({ error: (issue) => (issue.input === undefined || Number.isNaN(issue.input) ? 'Price is required' : priceMessage) })
    .refine(wholeCents, { message: 'Price must be in whole cents', abort: true })
    .min(limits.priceMinCents, priceMessage)
    .max(limits.priceMaxCents, priceMessage),
  durationMinutes: z
    .number({ error: (issue) => (issue.input === undefined || Number.isNaN(issue.input) ? 'Duration is required' : durationMessage) })
    .int(durationMessage)
    .min(limits.durationMin, durationMessage)
    .max(limits.durationMax, durationMessage)
    .multipleOf(limits.durationStep, durationMessage),
  /** What the detailer ticks on the job before Complete (decision 020). */
  checklist: z
    .array(textSchema('Checklist item', limits.checklistItem).min(1, 'A checklist item cannot be empty'), {
      error: 'Checklist must be a list of items',
    })
    .max(limits.checklistItems, `At most ${limits.checklistItems} checklist items`),
  /** At most one per vehicle type; a type left out has no surcharge. */
  surcharges: z
    .array(surchargeInputSchema, { error: 'Surcharges must be a list' })
    .max(vehicleTypes.length)
    .refine((list) => new Set(list.map((s) => s.vehicleType)).size === list.length, 'Give each vehicle type one surcharge at most'),
  /** An upload of the detailer's own (POST /api/uploads), or null for no photo. */
  imageUploadId: idSchema('Photo', 'Photo must be an upload id').nullable(),
};

/** POST /api/detailer/services. Description, checklist, surcharges and photo may be left out. */
export const ownServiceInputSchema = z.object({
  ...ownServiceFields,
  description: ownServiceFields.description.default(''),
  checklist: ownServiceFields.checklist.default([]),
  surcharges: ownServiceFields.surcharges.default([]),
  imageUploadId: ownServiceFields.imageUploadId.optional(),
});
export type OwnServiceInput = z.infer<typeof ownServiceInputSchema>;
/** What the editor's form holds before parsing. */
export type OwnServiceFormValues = z.input<typeof ownServiceInputSchema>;

/** PATCH /api/detailer/services/:id: only the fields sent change; surcharges, when sent, replace them all. */
export const ownServiceUpdateSchema = z.object(ownServiceFields).partial();
export type OwnServiceUpdate = z.infer<typeof ownServiceUpdateSchema>;

export const ownServiceIdParamsSchema = z.object({ id: idParam('Service id') });

/** One of the detailer's services as GET /api/detailer/services lists it. */
export const ownServiceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  priceCents: z.number().int(),
  durationMinutes: z.number().int(),
  imageUploadId: z.number().int().nullable(),
  /** The photo to show: the detailer's upload, else the stock picture. */
  imageUrl: z.string(),
  checklist: z.array(z.string()),
  surcharges: z.array(vehicleSurchargeSchema),
  /** ISO instant it was paused, or null while customers can book it. */
  pausedAt: z.string().nullable(),
  /**
   * Whether customers can book it now: not paused, and its detailer listed (approved by an admin, account in use).
   * A new detailer's services wait for the approval; the screens say so instead of promising bookings.
   */
  bookable: z.boolean(),
  /** Bookings that still hold it (upcoming or under way): while any do, it cannot be deleted. */
  upcomingBookingCount: z.number().int().nonnegative(),
  /** Whether it was ever booked: then deleting archives it for the bookings' history. */
  hasBookings: z.boolean(),
  createdAt: z.string(),
});
export type OwnService = z.infer<typeof ownServiceSchema>;

/** DELETE /api/detailer/services/:id: removed for good (never booked) or archived (kept for its past bookings). */
export const deleteOwnServiceResultSchema = z.object({ outcome: z.enum(['deleted', 'archived']) });
export type DeleteOwnServiceResult = z.infer<typeof deleteOwnServiceResultSchema>;

export const pausedServiceMessage = 'This service is paused and cannot be booked right now.';
export const archivedServiceMessage = 'This service is no longer offered.';
export const serviceHasUpcomingBookingsMessage = 'This service has upcoming bookings. Pause it instead.';
export const duplicateServiceNameMessage = (name: string) => `You already have a service named "${name}". Choose another name.`;
