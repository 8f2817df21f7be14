/** Ids are PostgreSQL `integer` (serial) columns: 1 to 2^31 - 1. */
export const maxId = 2_147_483_647;

/** An id as written in a path or query string: digits only, at most ten (2^31 - 1 has ten). */
export const idDigits = /^[0-9]{1,10}$/;

/**
 * A page's id segment or query parameter as an id, or null: the page then shows its not-found state. The same
 * digits `idParam` (core/schemas/common.ts) accepts, read without Zod: a page that only reads an id from its URL
 * does not load the schema library for it (decision 024).
 */
export function parseRouteId(value: string | undefined | null): number | null {
  if (!value || !idDigits.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= maxId ? id : null;
}
