import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { detailers, users } from '../db/schema.ts';

/** Approved by an admin, and the account neither deleted nor disabled (on detailers joined to their users). */
export const isListed = () => and(isNotNull(detailers.approvedAt), isNull(users.deletedAt), eq(users.isDisabled, false));

/**
 * The ids of the detailers customers may see and book (decision 021), as a subquery. The catalog's lists and lookups
 * and booking creation filter with it, so a detailer disabled or deleted is gone from the next answer.
 */
export function listedDetailerIds(db: Database) {
  return db.select({ id: detailers.id }).from(detailers).innerJoin(users, eq(users.id, detailers.userId)).where(isListed());
}

/** True when customers may see and book this detailer. */
export async function isListedDetailer(db: Database, detailerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: detailers.id })
    .from(detailers)
    .innerJoin(users, eq(users.id, detailers.userId))
    .where(and(eq(detailers.id, detailerId), isListed()));
  return row !== undefined;
}
