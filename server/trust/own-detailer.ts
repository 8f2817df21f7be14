import { eq } from 'drizzle-orm';
import { forbidden } from '@core/errors.ts';
import type { Database } from '../db/client.ts';
import { detailers } from '../db/schema.ts';
import type { UserRow } from '../identity/user-service.ts';

/** The signed-in detailer's profile; an account without one has no page to show trust on. */
export async function ownDetailer(db: Database, user: UserRow): Promise<typeof detailers.$inferSelect> {
  const [row] = await db.select().from(detailers).where(eq(detailers.userId, user.id));
  if (!row) throw forbidden('Only detailers with a profile can do this');
  return row;
}
