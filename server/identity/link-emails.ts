import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { emailVerificationTokens, passwordResetTokens, users } from '../db/schema.ts';
import { hashToken } from './session-service.ts';
import type { UserRow } from './user-service.ts';

// The emailed single-use links (confirm an address, reset a password): their tokens and their emails.

/** The slice of the app's context the account operations read: the database, the clock and the configuration (ADMIN_EMAILS). */
export type IdentityContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

/** What identity needs of the app's mailer (notifications' Mailer fits): queue one email. Identity imports no other room. */
export type LinkMailer = { send: (db: Database, email: { to: string; subject: string; text: string }) => Promise<unknown> };

/** Operations that send an email with a link: the mailer too; links use config.PUBLIC_URL (never a Host header). */
export type MailingContext = IdentityContext & { mailer: LinkMailer };

export const resetTokenLifetimeMs = 60 * 60 * 1000;
export const verificationTokenLifetimeMs = 24 * 60 * 60 * 1000;

type LinkTable = typeof passwordResetTokens | typeof emailVerificationTokens;

/**
 * A new single-use link token for the account; only its hash is stored. Inserted from the account's row, so the
 * same statement for an address with no account (`linkForAnyone`) writes nothing.
 */
async function issueLinkToken(ctx: IdentityContext, table: LinkTable, userId: number, lifetimeMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(ctx.clock.now().getTime() + lifetimeMs);
  const column = (name: string) => sql.identifier(name);
  await ctx.db.execute(sql`
    insert into ${table} (${column(table.tokenHash.name)}, ${column(table.userId.name)}, ${column(table.expiresAt.name)})
    select ${hashToken(token)}::text, ${users.id}, ${expiresAt.toISOString()}::timestamptz from ${users} where ${users.id} = ${userId}`);
  return token;
}

/** Thrown to undo the stand-in work of `linkForAnyone`. */
class StandInUndone extends Error {}

/**
 * Forgot-password and resend-confirmation answer the same whoever the address belongs to, and do the same work: for
 * an address with no account (or none that gets a link) the token and the email are made and written exactly as for
 * a real one, for a stand-in, in a transaction that is then undone. Nothing reaches anyone and the time taken tells
 * nothing (issue 38: 79 % and 90 % right from one request's timing before).
 */
export async function linkForAnyone(
  ctx: MailingContext,
  row: UserRow | null,
  typedEmail: string,
  sendLink: (ctx: MailingContext, to: UserRow) => Promise<void>,
) {
  if (row) return sendLink(ctx, row);
  const standIn = { id: 0, email: typedEmail, name: typedEmail.slice(0, typedEmail.indexOf('@')) } as UserRow;
  try {
    await ctx.db.transaction(async (tx) => {
      await sendLink({ ...ctx, db: tx }, standIn);
      throw new StandInUndone();
    });
  } catch (error) {
    if (!(error instanceof StandInUndone)) throw error;
  }
}

/** Takes the token if it is unused, in one statement (two concurrent uses cannot both win); null when it is not. */
export async function claimLinkToken(ctx: IdentityContext, table: LinkTable, token: string) {
  const [claimed] = await ctx.db
    .update(table)
    .set({ usedAt: ctx.clock.now() })
    .where(and(eq(table.tokenHash, hashToken(token)), isNull(table.usedAt)))
    .returning();
  return claimed;
}

/** Every other link of that kind the account still holds stops working. */
export async function retireLinkTokens(ctx: IdentityContext, table: LinkTable, userId: number) {
  await ctx.db
    .update(table)
    .set({ usedAt: ctx.clock.now() })
    .where(and(eq(table.userId, userId), isNull(table.usedAt)));
}

export async function sendVerificationEmail(ctx: MailingContext, row: UserRow) {
  const token = await issueLinkToken(ctx, emailVerificationTokens, row.id, verificationTokenLifetimeMs);
  const link = `${ctx.config.PUBLIC_URL}/verify-email?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send(ctx.db, {
    to: row.email,
    subject: 'Confirm your Glossly email',
    text: [
      `Hi ${row.name},`,
      '',
      'Welcome to Glossly! Open this link to confirm your email address and sign in:',
      link,
      '',
      'The link works once and expires in 24 hours. If you did not create an account, you can ignore this email.',
    ].join('\n'),
  });
}

export async function sendResetEmail(ctx: MailingContext, row: UserRow) {
  const token = await issueLinkToken(ctx, passwordResetTokens, row.id, resetTokenLifetimeMs);
  const link = `${ctx.config.PUBLIC_URL}/reset-password?token=${encodeURIComponent(token)}`;
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
