import { z } from 'zod';
import { ownServiceLimits } from '../domain/own-services.ts';
import { idParam, idSchema, textSchema } from './common.ts';

// /admin/services (issue 19): the categories customers browse and every detailer's services, for admins only.

export const categoryNameLimits = { min: 2, max: 40 } as const;

export const duplicateCategoryMessage = (name: string) => `A category named "${name}" already exists. Choose another name.`;
export const categoryNotFoundMessage = 'Category not found';
export const categoryAtEdgeMessage = (direction: 'up' | 'down') =>
  direction === 'up' ? 'This category is already first.' : 'This category is already last.';

const categoryName = textSchema('Name', categoryNameLimits.max).min(
  categoryNameLimits.min,
  `Name must be at least ${categoryNameLimits.min} characters`,
);

/** POST /api/admin/categories: a new category, last in the order and shown. */
export const adminCategoryInputSchema = z.object({ name: categoryName }).strict();
export type AdminCategoryInput = z.infer<typeof adminCategoryInputSchema>;

/** PATCH /api/admin/categories/:id: rename, hide or show; at least one. */
export const adminCategoryUpdateSchema = z
  .object({ name: categoryName.optional(), isHidden: z.boolean({ error: 'isHidden must be true or false' }).optional() })
  .strict()
  .refine((body) => body.name !== undefined || body.isHidden !== undefined, 'Nothing to change');
export type AdminCategoryUpdate = z.infer<typeof adminCategoryUpdateSchema>;

/** POST /api/admin/categories/:id/move: one place up or down in the home screen's order. */
export const categoryMoveSchema = z.object({ direction: z.enum(['up', 'down'], { error: "Direction must be 'up' or 'down'" }) }).strict();
export type CategoryMove = z.infer<typeof categoryMoveSchema>;

export const adminCategorySchema = z.object({
  id: z.number(),
  name: z.string(),
  /** 0 is first on the home screen. */
  sortOrder: z.number(),
  /** Hidden: the category and its services are out of the customer's catalog; bookings go on. */
  isHidden: z.boolean(),
  /** Services listed in it, paused ones included, archived ones not. */
  serviceCount: z.number(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

export const adminIdParamsSchema = z.object({ id: idParam('id') });

/** GET /api/admin/services: search by name, filter by category and detailer. */
export const adminServicesQuerySchema = z.object({
  q: textSchema('Search', ownServiceLimits.nameMax).optional(),
  categoryId: idParam('categoryId').optional(),
  detailerId: idParam('detailerId').optional(),
});
export type AdminServicesQuery = z.infer<typeof adminServicesQuerySchema>;

export const adminServiceSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  priceCents: z.number(),
  durationMinutes: z.number(),
  imageUrl: z.string(),
  imageUploadId: z.number().nullable(),
  categoryId: z.number(),
  categoryName: z.string(),
  isCategoryHidden: z.boolean(),
  detailerId: z.number(),
  businessName: z.string(),
  isPaused: z.boolean(),
});
export type AdminService = z.infer<typeof adminServiceSchema>;

/** The most services one answer lists; a search or filter narrows it. */
export const adminServicesPageSize = 200;

export const adminServicesResponseSchema = z.object({
  services: z.array(adminServiceSchema),
  /** Every detailer with a listed service, for the detailer filter. */
  detailers: z.array(z.object({ id: z.number(), businessName: z.string() })),
  /** True when more services matched than were listed (adminServicesPageSize). */
  hasMore: z.boolean(),
});
export type AdminServicesResponse = z.infer<typeof adminServicesResponseSchema>;

const serviceName = textSchema('Name', ownServiceLimits.nameMax).min(
  ownServiceLimits.nameMin,
  `Name must be at least ${ownServiceLimits.nameMin} characters`,
);
const serviceDescription = textSchema('Description', ownServiceLimits.description, { multiline: true });

/** PATCH /api/admin/services/:id: the texts and photo customers see; at least one. */
export const adminServiceUpdateSchema = z
  .object({
    name: serviceName.optional(),
    description: serviceDescription.optional(),
    /** An upload of the admin's own (POST /api/uploads), or null for the stock picture. */
    imageUploadId: idSchema('Photo', 'Photo must be an upload id').nullable().optional(),
  })
  .strict()
  .refine((body) => body.name !== undefined || body.description !== undefined || body.imageUploadId !== undefined, 'Nothing to change');
export type AdminServiceUpdate = z.infer<typeof adminServiceUpdateSchema>;

/** The admin's edit form: the same fields as the API's, the photo handled by the upload control. */
export const adminServiceFormSchema = z.object({ name: serviceName, description: serviceDescription });
export type AdminServiceFormValues = z.infer<typeof adminServiceFormSchema>;
