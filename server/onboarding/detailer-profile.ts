import type { Database } from '../db/client.ts';
import { detailers } from '../db/schema.ts';
import type { AccountOpener } from '../identity/auth-service.ts';

/**
 * A detailer account's business profile, not approved, named after the person until they change it: made at sign-up
 * (decision 021) so that every detailer page works from the first visit. Running it again changes nothing.
 */
export async function startDetailerProfile(db: Database, user: { id: number; name: string; role: string }): Promise<void> {
  if (user.role !== 'detailer') return;
  await db.insert(detailers).values({ userId: user.id, businessName: user.name }).onConflictDoNothing({ target: detailers.userId });
}

/** Onboarding's part of opening an account (identity calls it, decision 045): a detailer's profile once it exists. */
export const detailerProfileOpener: AccountOpener = { started: startDetailerProfile };
