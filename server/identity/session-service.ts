import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import type { UserRow } from './user-service.ts';

export const sessionLifetimeMs = 30 * 24 * 60 * 60 * 1000;

/** Only the hash is stored: a copy of the table cannot be replayed as cookies. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Starts a session and returns the opaque id that goes into the cookie. */
export async function createSession(db: Database, userId: number, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + sessionLifetimeMs);
  await db.insert(sessions).values({ idHash: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

/** The session's user, read fresh from the database on every request (role, disabled flag). */
export async function findSessionUser(db: Database, token: string, now: Date): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, hashToken(token)), gt(sessions.expiresAt, now)));
  if (!row || row.user.isDisabled) return undefined;
  return row.user;
}

/**
 * Of the sessions named by their hashes, those still live (not ended, not expired, their user not disabled), with
 * their user's role now: what an open live stream checks its own session against (realtime-plugin.ts).
 */
export async function liveSessionRoles(db: Database, idHashes: string[], now: Date): Promise<Map<string, UserRow['role']>> {
  if (idHashes.length === 0) return new Map();
  const rows = await db
    .select({ idHash: sessions.idHash, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(sessions.idHash, idHashes), gt(sessions.expiresAt, now), eq(users.isDisabled, false)));
  return new Map(rows.map((row) => [row.idHash, row.role]));
}

export async function endSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, hashToken(token)));
}

/** Ends every session of a user: password reset, password change, disabling the account. */
export async function endAllSessions(db: Database, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
