import type { z } from 'zod';
import { badRequest } from '@core/errors.ts';

/** Parses request input with a core schema; the first problem becomes a 400 naming the field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  throw badRequest(result.error.issues[0]!.message, fields);
}
