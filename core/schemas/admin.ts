import { z } from 'zod';
import { roles } from '../domain/roles.ts';
import { optionalText } from './common.ts';

/** GET /api/admin/users query: a free-text search (name, username or email) and an optional role. */
export const adminUserListQuerySchema = z.object({
  search: optionalText('Search', 100),
  role: z
    .union([z.enum(roles, { error: 'Role must be customer, detailer or admin' }), z.literal('')])
    .optional()
    .transform((value) => (value ? value : undefined)),
  /** 'true': only detailers an admin has not approved yet (decision 021). */
  pendingApproval: z
    .enum(['true', 'false', ''], { error: 'pendingApproval must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

/** One account as the admin user list shows it. */
export const adminUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(roles),
  isDisabled: z.boolean(),
  createdAt: z.string(),
  /** The business profile of a detailer account; null for others. */
  detailerId: z.number().nullable(),
  /** A detailer not approved yet (decision 021): not listed to customers. */
  pendingApproval: z.boolean(),
  /** Of a pending detailer, how many of the setup steps (core/schemas/onboarding.ts) are done; else null. */
  onboardingStepsDone: z.number().int().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** The list is capped: an admin narrows it with the search box. */
export const adminUserListLimit = 100;
