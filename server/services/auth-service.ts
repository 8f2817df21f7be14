import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, ilike, inArray, isNull, lt, min, or } from 'drizzle-orm';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '@core/errors.ts';
import type { Role } from '@core/domain/roles.ts';
import { adminUserListLimit, type AdminUser, type AdminUserListQuery } from '@core/schemas/admin.ts';
import { forgotPasswordAnswer, type AdminUpdateUserInput, type LoginInput, type Registration } from '@core/schemas/auth.ts';
import type { User } from '@core/schemas/user.ts';
import type { Database } from '../db/client.ts';
import { loginAttempts, passwordResetTokens, users } from '../db/schema.ts';
import { demoAccounts } from '../db/seed-data.ts';
import type { Actor } from './access.ts';
import { requireRole, requireUser } from './access.ts';
import type { Mailer } from './mailer.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { createSession, endAllSessions, endSession } from './session-service.ts';
import { createUser, findUserByEmail, findUserById, toPublicUser, type UserRow } from './user-service.ts';

/** What the account operations need besides their input. */
export type AuthContext = { db: Database; now: Date; adminEmails: readonly string[] };

/** A signed-in result: the user as the API shows it and the opaque id for the session cookie. */
export type SignedIn = { user: User; sessionToken: string };

export const loginWindowMs = 15 * 60 * 1000;
/** Failed attempts allowed per email and per address inside the window; the next one is refused. */
export const maxFailedLogins = 10;
export const resetTokenLifetimeMs = 60 * 60 * 1000;

const invalidCredentials = 'Invalid email or password';

/** 429 with the seconds after which trying again can succeed (the route sends them as Retry-After). */
export class TooManyAttemptsError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super('too_many_requests', 'Too many failed sign-in attempts. Please wait a few minutes and try again.');
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const isAdminEmail = (adminEmails: readonly string[], email: string) =>
  adminEmails.includes(email.trim().toLowerCase());

// Verified against when the email is unknown, so both failures cost one Argon2 verification.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

export async function startSession(ctx: AuthContext, row: UserRow): Promise<SignedIn> {
  const { token } = await createSession(ctx.db, row.id, ctx.now);
  return { user: await toPublicUser(ctx.db, row), sessionToken: token };
}

/** Self-registration: customer or detailer; ADMIN_EMAILS make an admin; 409 for a taken email or username. */
export async function register(ctx: AuthContext, input: Registration): Promise<SignedIn> {
  if (input.role === 'admin') throw forbidden('Admin accounts cannot be created from the sign-up form');
  const role: Role = isAdminEmail(ctx.adminEmails, input.email) ? 'admin' : input.role;
  const row = await createUser(ctx.db, {
    email: input.email,
    username: input.username,
    name: input.name,
    role,
    password: input.password,
  });
  return startSession(ctx, row);
}

const attemptKeys = (email: string, ip: string) => [`email:${email.trim().toLowerCase()}`, `ip:${ip}`];

async function assertNotThrottled(ctx: AuthContext, keys: string[]) {
  const since = new Date(ctx.now.getTime() - loginWindowMs);
  const rows = await ctx.db
    .select({ key: loginAttempts.key, failures: count(), oldest: min(loginAttempts.attemptedAt) })
    .from(loginAttempts)
    .where(and(inArray(loginAttempts.key, keys), gt(loginAttempts.attemptedAt, since)))
    .groupBy(loginAttempts.key);
  const blocked = rows.filter((row) => row.failures >= maxFailedLogins && row.oldest);
  if (blocked.length === 0) return;
  const retryAt = Math.max(...blocked.map((row) => new Date(row.oldest!).getTime() + loginWindowMs));
  throw new TooManyAttemptsError(Math.max(1, Math.ceil((retryAt - ctx.now.getTime()) / 1000)));
}

async function recordFailure(ctx: AuthContext, keys: string[]) {
  const expired = new Date(ctx.now.getTime() - loginWindowMs);
  await ctx.db.delete(loginAttempts).where(and(inArray(loginAttempts.key, keys), lt(loginAttempts.attemptedAt, expired)));
  await ctx.db.insert(loginAttempts).values(keys.map((key) => ({ key, attemptedAt: ctx.now })));
}

/**
 * Email and password sign-in. An unknown email and a wrong password get the same 401 after the same
 * work (one Argon2 verification); the 11th failure in 15 minutes for one email or address is a 429.
 */
export async function login(ctx: AuthContext, input: LoginInput, ip: string): Promise<SignedIn> {
  const keys = attemptKeys(input.email, ip);
  await assertNotThrottled(ctx, keys);
  const row = await findUserByEmail(ctx.db, input.email);
  const hash = row?.passwordHash ?? (await getDummyHash());
  const isMatch = await verifyPassword(hash, input.password).catch(() => false);
  if (!row?.passwordHash || !isMatch) {
    await recordFailure(ctx, keys);
    throw unauthorized(invalidCredentials);
  }
  if (row.isDisabled) throw forbidden('This account has been disabled. Please contact support.');
  await ctx.db.delete(loginAttempts).where(eq(loginAttempts.key, keys[0]!));
  return startSession(ctx, row);
}

export async function logout(db: Database, sessionToken: string | undefined): Promise<void> {
  if (sessionToken) await endSession(db, sessionToken);
}

/** Demo mode only: a normal session as the seeded demo account of that role. */
export async function demoLogin(ctx: AuthContext & { isDemoMode: boolean }, role: Role): Promise<SignedIn> {
  if (!ctx.isDemoMode) throw notFound('Demo sign-in is not available');
  const row = await findUserByEmail(ctx.db, demoAccounts[role].email);
  if (!row || row.isDisabled) throw notFound('The demo account is not available');
  return startSession(ctx, row);
}

const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Always the same answer; an email with a single-use link goes out only when the account exists. */
export async function requestPasswordReset(
  ctx: AuthContext & { mailer: Mailer; appUrl: string },
  email: string,
): Promise<{ message: string }> {
  const row = await findUserByEmail(ctx.db, email);
  if (row && !row.isDisabled) {
    const token = randomBytes(32).toString('base64url');
    await ctx.db.insert(passwordResetTokens).values({
      tokenHash: hashResetToken(token),
      userId: row.id,
      expiresAt: new Date(ctx.now.getTime() + resetTokenLifetimeMs),
    });
    const link = `${ctx.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await ctx.mailer.send(ctx.db, {
      to: row.email,
      subject: 'Reset your Glossly password',
      text: [
        `Hi ${row.name},`,
        '',
        'Someone asked to reset the password of your Glossly account. Open this link to choose a new one:',
        link,
        '',
        'The link works once and expires in 1 hour. If you did not ask for it, you can ignore this email.',
      ].join('\n'),
    });
  }
  return { message: forgotPasswordAnswer };
}

/** Sets a new password with a reset link's token: once, within the hour; every session of the account ends. */
export async function resetPassword(ctx: AuthContext, token: string, password: string): Promise<{ message: string }> {
  const tokenHash = hashResetToken(token);
  // Claiming the token and checking it is unused is one statement: two concurrent uses cannot both win.
  const [claimed] = await ctx.db
    .update(passwordResetTokens)
    .set({ usedAt: ctx.now })
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt)))
    .returning();
  if (!claimed) throw badRequest('This reset link is invalid or has already been used. Please request a new one.');
  if (claimed.expiresAt.getTime() <= ctx.now.getTime()) {
    throw badRequest('This reset link has expired. Please request a new one.');
  }
  await ctx.db.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.id, claimed.userId));
  await ctx.db
    .update(passwordResetTokens)
    .set({ usedAt: ctx.now })
    .where(and(eq(passwordResetTokens.userId, claimed.userId), isNull(passwordResetTokens.usedAt)));
  await endAllSessions(ctx.db, claimed.userId);
  return { message: 'Your password has been reset. You can now log in with your new password.' };
}

/** Yourself, or anyone for an admin. */
export async function getUser(db: Database, actor: Actor, id: number): Promise<User> {
  const me = requireUser(actor);
  if (me.id !== id && me.role !== 'admin') throw forbidden();
  const row = await findUserById(db, id);
  if (!row) throw notFound('User not found');
  return toPublicUser(db, row);
}

/** Admin only: promote, demote, disable or enable an account; disabling ends its sessions at once. */
export async function updateUserByAdmin(db: Database, actor: Actor, id: number, input: AdminUpdateUserInput): Promise<User> {
  const admin = requireRole(actor, 'admin');
  if (admin.id === id && (input.isDisabled === true || (input.role && input.role !== 'admin'))) {
    throw badRequest('You cannot disable or demote your own account');
  }
  const [row] = await db
    .update(users)
    .set({ ...(input.isDisabled === undefined ? {} : { isDisabled: input.isDisabled }), ...(input.role ? { role: input.role } : {}) })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw notFound('User not found');
  if (row.isDisabled) await endAllSessions(db, row.id);
  return toPublicUser(db, row);
}

/** LIKE's wildcards in a search term match themselves. */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Admin only: accounts, newest first, at most 100; search matches name, username or email. */
export async function listUsersForAdmin(db: Database, actor: Actor, query: AdminUserListQuery): Promise<AdminUser[]> {
  requireRole(actor, 'admin');
  const pattern = query.search ? likePattern(query.search) : undefined;
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      email: users.email,
      role: users.role,
      isDisabled: users.isDisabled,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(
      and(
        query.role ? eq(users.role, query.role) : undefined,
        pattern ? or(ilike(users.name, pattern), ilike(users.username, pattern), ilike(users.email, pattern)) : undefined,
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(adminUserListLimit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
