import { z } from 'zod';
import { roles } from '../domain/roles.ts';

/** The signed-in user as the API returns it (spec section 3: User). */
export const userSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: z.enum(roles),
  name: z.string(),
  username: z.string(),
  /** Dollars as a numeric string, as the spec's client reads it ("12.50"). */
  referralCredits: z.string(),
  /** Set for a detailer: the id of their detailer profile. */
  detailerId: z.number().nullable(),
  /** E.164 ('+14155550123'), or null when none is given. */
  phone: z.string().nullable(),
  /** The profile photo ('/api/uploads/{id}'), or null: the app shows initials. */
  avatarUrl: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;
