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
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** The list is capped: an admin narrows it with the search box. */
export const adminUserListLimit = 100;
