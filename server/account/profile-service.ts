import { and, eq, ne, sql } from 'drizzle-orm';
import { accountMessages } from '@core/domain/account.ts';
import { AppError, badRequest } from '@core/errors.ts';
import type { ChangePasswordInput, UpdateProfile } from '@core/schemas/account.ts';
import type { User } from '@core/schemas/user.ts';
import type { Database } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { sessions, uploads, users } from '../db/schema.ts';
import { requireUser, type Actor } from '../identity/access.ts';
import { assertPasswordAllowed, hashPassword, verifyPassword } from '../identity/passwords.ts';
import { hashToken } from '../identity/session-service.ts';
import { toPublicUser, type UserRow } from '../identity/user-service.ts';

/** Every session of the user but the one making this request (whose cookie is `keepToken`), if any. */
export async function endOtherSessions(db: Database, userId: number, keepToken: string | undefined): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), keepToken ? ne(sessions.idHash, hashToken(keepToken)) : undefined));
}

/** Whether the password is the account's; false for an account without one. */
export async function isOwnPassword(row: UserRow, password: string | undefined): Promise<boolean> {
  if (!row.passwordHash || password === undefined) return false;
  return verifyPassword(row.passwordHash, password).catch(() => false);
}

/** The account's password, or a 400 naming `field`; an account without a password is told how to get one. */
export async function assertOwnPassword(row: UserRow, password: string | undefined, field: string, message: string): Promise<void> {
  if (!row.passwordHash) throw badRequest(accountMessages.noPassword, { [field]: accountMessages.noPassword });
  if (!(await isOwnPassword(row, password))) throw badRequest(message, { [field]: message });
}

async function isUsernameTakenByOther(db: Database, username: string, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.username})`, username.toLowerCase()), ne(users.id, userId)));
  return Boolean(row);
}

async function assertOwnUpload(db: Database, uploadId: number, userId: number): Promise<void> {
  const [row] = await db.select({ owner: uploads.ownerUserId }).from(uploads).where(eq(uploads.id, uploadId));
  if (row?.owner !== userId) throw badRequest(accountMessages.avatarNotYours, { avatarUploadId: accountMessages.avatarNotYours });
}

/** PATCH /api/account: the caller's own name, username, phone and photo; the answer is the updated public user. */
export async function updateProfile(db: Database, actor: Actor, input: UpdateProfile): Promise<User> {
  const me = requireUser(actor);
  const taken = () => new AppError('conflict', accountMessages.usernameTaken, { username: accountMessages.usernameTaken });
  if (input.username !== undefined && (await isUsernameTakenByOther(db, input.username, me.id))) throw taken();
  if (input.avatarUploadId) await assertOwnUpload(db, input.avatarUploadId, me.id);
  const changes: Partial<typeof users.$inferInsert> = {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.username === undefined ? {} : { username: input.username }),
    ...(input.phone === undefined ? {} : { phone: input.phone }),
    ...(input.avatarUploadId === undefined ? {} : { avatarUploadId: input.avatarUploadId }),
  };
  if (Object.keys(changes).length === 0) return toPublicUser(db, me);
  try {
    const [row] = await db.update(users).set(changes).where(eq(users.id, me.id)).returning();
    return toPublicUser(db, row!);
  } catch (error) {
    // Someone took the username in between.
    if (isUniqueViolation(error, 'users_username_unique')) throw taken();
    throw error;
  }
}

/**
 * POST /api/account/password: the current password, then the policy for the new one. Every other session of the
 * account ends; the one that asked (`keepToken`) stays signed in.
 */
export async function changePassword(
  db: Database,
  actor: Actor,
  input: ChangePasswordInput,
  keepToken: string | undefined,
): Promise<{ message: string }> {
  const me = requireUser(actor);
  await assertOwnPassword(me, input.currentPassword, 'currentPassword', accountMessages.wrongCurrentPassword);
  try {
    assertPasswordAllowed(input.newPassword);
  } catch (error) {
    const message = error instanceof Error ? error.message : 'This password cannot be used';
    throw badRequest(message, { newPassword: message });
  }
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword) })
    .where(eq(users.id, me.id));
  await endOtherSessions(db, me.id, keepToken);
  return { message: 'Your password has been changed. Other devices have been signed out.' };
}
