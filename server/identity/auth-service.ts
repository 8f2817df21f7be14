import { randomBytes } from 'node:crypto';
import { and, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from '@core/errors.ts';
import type { Role } from '@core/domain/roles.ts';
import { adminUserListLimit, type AdminUser, type AdminUserListQuery } from '@core/schemas/admin.ts';
import { forgotPasswordAnswer, type AdminUpdateUserInput, type LoginInput, type Registration } from '@core/schemas/auth.ts';
import {
  registrationAnswer,
  resendVerificationAnswer,
  verificationLinkMessages,
  type RegistrationAnswer,
} from '@core/schemas/email-verification.ts';
import type { User } from '@core/schemas/user.ts';
import type { Database } from '../db/client.ts';
import { detailers, emailVerificationTokens, loginThrottles, passwordResetTokens, users } from '../db/schema.ts';
import { demoAccounts } from './demo-accounts.ts';
import type { Actor } from './access.ts';
import { requireRole, requireUser } from './access.ts';
import { assertPasswordAllowed, hashPassword, verifyPassword } from './passwords.ts';
import { createSession, endAllSessions, endSession } from './session-service.ts';
import { createUser, findUserByEmail, findUserById, isUsernameTaken, toPublicUser, type UserRow } from './user-service.ts';
import {
  claimLinkToken,
  linkForAnyone,
  retireLinkTokens,
  sendResetEmail,
  sendVerificationEmail,
  type IdentityContext,
  type MailingContext,
} from './link-emails.ts';

export type { IdentityContext, LinkMailer, MailingContext } from './link-emails.ts';

/** A signed-in result: the user as the API shows it and the opaque id for the session cookie. */
export type SignedIn = { user: User; sessionToken: string };

export const loginWindowMs = 15 * 60 * 1000;
/**
 * Failed sign-ins allowed in the window per account-and-address pair, and per address whatever the account
 * (higher: an office or a phone carrier puts many people behind one address). There is no limit per account
 * alone, so nobody can lock an owner out from another address (decision 010).
 */
export const maxFailedLoginsPerPair = 10;
export const maxFailedLoginsPerAddress = 50;
export { resetTokenLifetimeMs, verificationTokenLifetimeMs } from './link-emails.ts';

const invalidCredentials = 'Invalid email or password';

/** 429 with the seconds after which trying again can succeed (the route sends them as Retry-After). */
export class TooManyAttemptsError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super('too_many_requests', 'Too many failed sign-in attempts. Please wait a few minutes and try again.');
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const isAdminEmail = (adminEmails: readonly string[], email: string) => adminEmails.includes(email.trim().toLowerCase());

/** ADMIN_EMAILS make an admin only of an account whose address its owner has proved (matched without case). */
export async function grantListedAdmin(ctx: IdentityContext, row: UserRow): Promise<UserRow> {
  if (!row.emailVerifiedAt || row.role === 'admin' || !isAdminEmail(ctx.config.ADMIN_EMAILS, row.email)) return row;
  const [promoted] = await ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, row.id)).returning();
  return promoted ?? row;
}

// Verified against when the email is unknown, so both failures cost one Argon2 verification.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

export async function startSession(ctx: IdentityContext, row: UserRow): Promise<SignedIn> {
  const { token } = await createSession(ctx.db, row.id, ctx.clock.now());
  return { user: await toPublicUser(ctx.db, row), sessionToken: token };
}

/** The owner of a taken address hears about the attempt; the person registering learns nothing. */
async function sendAccountExistsEmail(ctx: MailingContext, row: UserRow) {
  if (row.isDisabled) return;
  await ctx.mailer.send(ctx.db, {
    to: row.email,
    subject: 'Someone tried to create a Glossly account with your email',
    text: [
      `Hi ${row.name},`,
      '',
      'Someone tried to create a Glossly account with your email address, which already has an account.',
      'If it was you, sign in or reset your password:',
      `${ctx.config.PUBLIC_URL}/login`,
      `${ctx.config.PUBLIC_URL}/forgot-password`,
      '',
      'If it was not you, you can ignore this email: nothing has changed.',
    ].join('\n'),
  });
}

/**
 * What another room does when an account opens (decision 045), in identity's terms: `check` may refuse the
 * registration before anything is written, `record` writes in the account's own transaction (they commit together or
 * not at all), `started` runs once the account is there. Referrals (a friend's code, issue 18) and onboarding (a
 * detailer's business profile, decision 021) implement it; buildApp hands them to the auth routes, so identity
 * imports neither.
 */
export type AccountOpener = {
  check?(db: Database, input: Registration): Promise<void>;
  record?(tx: Database, account: UserRow, input: Registration, now: Date): Promise<void>;
  started?(db: Database, account: UserRow): Promise<void>;
};

/**
 * Self-registration as a customer or detailer. A new email and a taken one get the same answer after the same
 * work (one Argon2 hash): the new address is sent a confirmation link, the owner of a taken one a notice. No
 * session starts here; the confirmation link signs in. A taken username is still a 409: usernames are public.
 */
export async function register(
  ctx: MailingContext,
  input: Registration,
  openers: readonly AccountOpener[] = [],
): Promise<RegistrationAnswer> {
  if (input.role === 'admin') throw forbidden('Admin accounts cannot be created from the sign-up form');
  assertPasswordAllowed(input.password);
  // Checked before anything is written (a referral code: issue 18).
  for (const opener of openers) await opener.check?.(ctx.db, input);
  if (await isUsernameTaken(ctx.db, input.username)) throw conflict('This username is already taken');
  const existing = await findUserByEmail(ctx.db, input.email);
  if (existing) {
    await hashPassword(input.password);
    await sendAccountExistsEmail(ctx, existing);
    return { message: registrationAnswer };
  }
  let row: UserRow;
  try {
    const account = { email: input.email, username: input.username, name: input.name, role: input.role, password: input.password };
    // The account and what the openers record with it (a referral and the friend's welcome credit) commit together.
    row = await ctx.db.transaction(async (tx) => {
      const created = await createUser(tx, account);
      for (const opener of openers) await opener.record?.(tx, created, input, ctx.clock.now());
      return created;
    });
  } catch (error) {
    // Someone registered the same email in between: the same answer as any taken email.
    const taken =
      error instanceof AppError && error.code === 'conflict' && /email/.test(error.message)
        ? await findUserByEmail(ctx.db, input.email)
        : undefined;
    if (!taken) throw error;
    await sendAccountExistsEmail(ctx, taken);
    return { message: registrationAnswer };
  }
  // A Service Provider starts with an unapproved business profile (decision 021), through onboarding's opener.
  for (const opener of openers) await opener.started?.(ctx.db, row);
  await sendVerificationEmail(ctx, row);
  return { message: registrationAnswer };
}

/** Opening the confirmation link: the address is verified (ADMIN_EMAILS apply from now on) and the owner signed in. */
export async function verifyEmail(ctx: IdentityContext, token: string): Promise<SignedIn> {
  const claimed = await claimLinkToken(ctx, emailVerificationTokens, token);
  if (!claimed) throw badRequest(verificationLinkMessages.invalid);
  if (claimed.expiresAt.getTime() <= ctx.clock.now().getTime()) throw badRequest(verificationLinkMessages.expired);
  await ctx.db
    .update(users)
    .set({ emailVerifiedAt: ctx.clock.now() })
    .where(and(eq(users.id, claimed.userId), isNull(users.emailVerifiedAt)));
  await retireLinkTokens(ctx, emailVerificationTokens, claimed.userId);
  const row = await findUserById(ctx.db, claimed.userId);
  if (!row) throw badRequest(verificationLinkMessages.invalid);
  if (row.isDisabled) throw forbidden('This account has been disabled. Please contact support.');
  return startSession(ctx, await grantListedAdmin(ctx, row));
}

/** A new confirmation link for an account still waiting for one; the same answer whatever the address. */
export async function resendVerification(ctx: MailingContext, email: string): Promise<{ message: string }> {
  const row = await findUserByEmail(ctx.db, email);
  await linkForAnyone(ctx, row && !row.emailVerifiedAt && !row.isDisabled ? row : null, email, sendVerificationEmail);
  return { message: resendVerificationAnswer };
}

type ThrottleKeys = { pair: string; address: string };

const throttleKeys = (email: string, ip: string): ThrottleKeys => ({
  pair: `pair:${email.trim().toLowerCase()}|${ip}`,
  address: `ip:${ip}`,
});

/**
 * Takes this attempt's number under both keys in one atomic upsert, before any password is checked: concurrent
 * guesses each get their own number, so only the first ones within the limits are ever verified. A window that
 * has run out starts again at 1. Returns the seconds to wait when a limit is passed, else null.
 */
async function reserveAttempt(ctx: IdentityContext, keys: ThrottleKeys): Promise<number | null> {
  const windowOver = sql`${loginThrottles.windowStartedAt} <= ${new Date(ctx.clock.now().getTime() - loginWindowMs).toISOString()}::timestamptz`;
  const rows = await ctx.db
    .insert(loginThrottles)
    .values([
      { key: keys.pair, failures: 1, windowStartedAt: ctx.clock.now() },
      { key: keys.address, failures: 1, windowStartedAt: ctx.clock.now() },
    ])
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: {
        failures: sql`CASE WHEN ${windowOver} THEN 1 ELSE ${loginThrottles.failures} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${windowOver} THEN excluded.window_started_at ELSE ${loginThrottles.windowStartedAt} END`,
      },
    })
    .returning();
  const limit = (key: string) => (key === keys.pair ? maxFailedLoginsPerPair : maxFailedLoginsPerAddress);
  const over = rows.filter((row) => row.failures > limit(row.key));
  if (over.length === 0) return null;
  const retryAt = Math.max(...over.map((row) => row.windowStartedAt.getTime() + loginWindowMs));
  return Math.max(1, Math.ceil((retryAt - ctx.clock.now().getTime()) / 1000));
}

/** A successful sign-in: the pair starts afresh and the address gets back the number it took. */
async function releaseAttempt(ctx: IdentityContext, keys: ThrottleKeys) {
  await ctx.db.delete(loginThrottles).where(eq(loginThrottles.key, keys.pair));
  await ctx.db
    .update(loginThrottles)
    .set({ failures: sql`GREATEST(${loginThrottles.failures} - 1, 0)` })
    .where(eq(loginThrottles.key, keys.address));
}

/**
 * Email and password sign-in. An unknown email and a wrong password get the same 401 after the same work
 * (one Argon2 verification). Past 10 attempts for one account from one address, or 50 from one address, in
 * 15 minutes, the answer is 429 without any verification. An unconfirmed address may sign in (a lost email
 * locks nobody out) but is not made admin by ADMIN_EMAILS.
 */
export async function login(
  ctx: IdentityContext,
  input: LoginInput,
  ip: string,
  verify: (hash: string, password: string) => Promise<boolean> = verifyPassword,
): Promise<SignedIn> {
  const keys = throttleKeys(input.email, ip);
  const retryAfterSeconds = await reserveAttempt(ctx, keys);
  if (retryAfterSeconds !== null) throw new TooManyAttemptsError(retryAfterSeconds);
  const row = await findUserByEmail(ctx.db, input.email);
  const hash = row?.passwordHash ?? (await getDummyHash());
  const isMatch = await verify(hash, input.password).catch(() => false);
  if (!row?.passwordHash || !isMatch) throw unauthorized(invalidCredentials);
  if (row.isDisabled) throw forbidden('This account has been disabled. Please contact support.');
  await releaseAttempt(ctx, keys);
  return startSession(ctx, await grantListedAdmin(ctx, row));
}

export async function logout(db: Database, sessionToken: string | undefined): Promise<void> {
  if (sessionToken) await endSession(db, sessionToken);
}

/** Demo mode only: a normal session as the seeded demo account of that role. */
export async function demoLogin(ctx: IdentityContext, role: Role): Promise<SignedIn> {
  if (!ctx.config.DEMO_MODE) throw notFound('Demo sign-in is not available');
  const row = await findUserByEmail(ctx.db, demoAccounts[role].email);
  if (!row || row.isDisabled) throw notFound('The demo account is not available');
  return startSession(ctx, row);
}

/** Always the same answer; an email with a single-use link goes out only when the account exists. */
export async function requestPasswordReset(ctx: MailingContext, email: string): Promise<{ message: string }> {
  const row = await findUserByEmail(ctx.db, email);
  await linkForAnyone(ctx, row && !row.isDisabled ? row : null, email, sendResetEmail);
  return { message: forgotPasswordAnswer };
}

/**
 * Sets a new password with a reset link's token: once, within the hour; every session of the account ends. The
 * link came to the address, so the address counts as confirmed from now on.
 */
export async function resetPassword(ctx: IdentityContext, token: string, password: string): Promise<{ message: string }> {
  assertPasswordAllowed(password);
  const claimed = await claimLinkToken(ctx, passwordResetTokens, token);
  if (!claimed) throw badRequest('This reset link is invalid or has already been used. Please request a new one.');
  if (claimed.expiresAt.getTime() <= ctx.clock.now().getTime()) {
    throw badRequest('This reset link has expired. Please request a new one.');
  }
  await ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(users.id, claimed.userId));
  await ctx.db
    .update(users)
    .set({ emailVerifiedAt: ctx.clock.now() })
    .where(and(eq(users.id, claimed.userId), isNull(users.emailVerifiedAt)));
  await retireLinkTokens(ctx, passwordResetTokens, claimed.userId);
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

/**
 * What else ends with an account that is disabled or deleted, in its transaction (`tx`): the app passes the ending of
 * its membership (server/memberships/membership-closing.ts; identity imports no other room).
 */
export type AccountClosing = (tx: Database, userId: number) => Promise<unknown>;

/**
 * Admin only: promote, demote, disable or enable an account. Disabling ends its sessions and, through `closing`, what
 * else would go on without its owner (a membership that renews), in the same transaction: a disabled owner cannot
 * sign in to cancel.
 */
export async function updateUserByAdmin(
  db: Database,
  actor: Actor,
  id: number,
  input: AdminUpdateUserInput,
  closing: AccountClosing = async () => undefined,
): Promise<User> {
  const admin = requireRole(actor, 'admin');
  if (admin.id === id && (input.isDisabled === true || (input.role && input.role !== 'admin'))) {
    throw badRequest('You cannot disable or demote your own account');
  }
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ ...(input.isDisabled === undefined ? {} : { isDisabled: input.isDisabled }), ...(input.role ? { role: input.role } : {}) })
      .where(eq(users.id, id))
      .returning();
    if (updated?.isDisabled) {
      await endAllSessions(tx, updated.id);
      await closing(tx, updated.id);
    }
    return updated;
  });
  if (!row) throw notFound('User not found');
  return toPublicUser(db, row);
}

/** LIKE's wildcards in a search term match themselves. */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A detailer no admin has approved yet (decision 021), on `users` left-joined to `detailers`: the admin's 'Pending
 * approval' list and the overview's count of detailers waiting read this one condition.
 */
export const awaitingApproval = and(eq(users.role, 'detailer'), isNull(detailers.approvedAt));

/** How many setup steps each detailer has done (onboarding implements it, decision 021; identity only shows it). */
export type SetupProgress = (db: Database, detailerIds: readonly number[]) => Promise<Map<number, number>>;

/** Admin only: accounts, newest first, at most 100; search matches name, username or email. */
export async function listUsersForAdmin(
  db: Database,
  actor: Actor,
  query: AdminUserListQuery,
  setupProgress: SetupProgress = async () => new Map(),
): Promise<AdminUser[]> {
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
      detailerId: detailers.id,
      approvedAt: detailers.approvedAt,
    })
    .from(users)
    .leftJoin(detailers, eq(detailers.userId, users.id))
    .where(
      and(
        query.role ? eq(users.role, query.role) : undefined,
        pattern ? or(ilike(users.name, pattern), ilike(users.username, pattern), ilike(users.email, pattern)) : undefined,
        query.pendingApproval ? awaitingApproval : undefined,
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(adminUserListLimit);
  // Decision 021: a detailer not approved yet shows 'Pending approval' with how far their setup has come.
  const pending = rows.flatMap((row) =>
    row.role === 'detailer' && row.approvedAt === null && row.detailerId !== null ? [row.detailerId] : [],
  );
  const stepsDone = await setupProgress(db, pending);
  return rows.map(({ approvedAt, ...row }) => {
    const pendingApproval = row.role === 'detailer' && approvedAt === null;
    const onboardingStepsDone = pendingApproval ? (stepsDone.get(row.detailerId ?? 0) ?? 0) : null;
    return { ...row, createdAt: row.createdAt.toISOString(), pendingApproval, onboardingStepsDone };
  });
}
