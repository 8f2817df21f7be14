import { z } from 'zod';

/** A positive integer id from a path or query string ("12"), with a message naming the field. */
export const idParam = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .regex(/^[1-9][0-9]{0,8}$/, `${field} must be a positive whole number`)
    .transform(Number);
