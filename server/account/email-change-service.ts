import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { accountMessages } from '@core/domain/account.ts';
import { badRequest } from '@core/errors.ts';
import type { ChangeEmailInput, EmailChangeAnswer } from '@core/schemas/account.ts';
import type { Database } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { emailChangeTokens, users } from '../db/schema.ts';
import { requireUser, type Actor } from '../identity/access.ts';
import type { LinkMailer } from '../identity/auth-service.ts';
import { hashToken } from '../identity/session-service.ts';
import { findUserByEmail, findUserById } from '../identity/user-service.ts';
import { assertOwnPassword, endOtherSessions } from './profile-service.ts';

export const emailChangeLifetimeMs = 24 * 60 * 60 * 1000;

/** What the email change needs: the database, the time, the mailer and the configured public origin for links. */
export type EmailChangeContext = { db: Database; now: Date; mailer: LinkMailer; appUrl: string };

/**
 * POST /api/account/email: after the password, a single-use link (24 hours, stored hashed) goes to the NEW address;
 * nothing changes until it is opened. An address that already has an account gets the same 202 answer, and its
 * owner a notice instead of a link, so the answer tells nobody who has an account (decision 010).
 */
export async function requestEmailChange(ctx: EmailChangeContext, actor: Actor, input: ChangeEmailInput): Promise<{ message: string }> {
  const me = requireUser(actor);
  await assertOwnPassword(me, input.password, 'password', accountMessages.wrongPassword);
  const newEmail = input.newEmail.trim();
  if (newEmail.toLowerCase() === me.email.toLowerCase())
    throw badRequest(accountMessages.sameEmail, { newEmail: accountMessages.sameEmail });
  const owner = await findUserByEmail(ctx.db, newEmail);
  if (owner) {
    if (!owner.isDisabled) {
      await ctx.mailer.send(ctx.db, {
        to: owner.email,
        subject: 'Someone tried to use your email on Glossly',
        text: [
          `Hi ${owner.name},`,
          '',
          'Someone asked to move another Glossly account to your email address, which already has an account.',
          'Nothing has changed. If it was you, sign in to that account instead:',
          `${ctx.appUrl}/login`,
        ].join('\n'),
      });
    }
    return { message: accountMessages.emailChangeSent };
  }
  // A newer request replaces any link still waiting.
  await ctx.db
    .update(emailChangeTokens)
    .set({ usedAt: ctx.now })
    .where(and(eq(emailChangeTokens.userId, me.id), isNull(emailChangeTokens.usedAt)));
  const token = randomBytes(32).toString('base64url');
  await ctx.db.insert(emailChangeTokens).values({
    tokenHash: hashToken(token),
    userId: me.id,
    newEmail,
    expiresAt: new Date(ctx.now.getTime() + emailChangeLifetimeMs),
  });
  await ctx.mailer.send(ctx.db, {
    to: newEmail,
    subject: 'Confirm your new Glossly email',
    text: [
      `Hi ${me.name},`,
      '',
      'Open this link to make this address the email of your Glossly account:',
      `${ctx.appUrl}/confirm-email?token=${encodeURIComponent(token)}`,
      '',
      'The link works once and expires in 24 hours. If you did not ask for this, you can ignore this email.',
    ].join('\n'),
  });
  return { message: accountMessages.emailChangeSent };
}

/**
 * POST /api/account/email/confirm: the link's token, once, within 24 hours. The new address becomes the account's,
 * confirmed (the link went to it); every session ends but the one that opened the link when it is the owner's.
 * The old address is told, so a hijacked account does not change hands in silence.
 */
export async function confirmEmailChange(
  ctx: EmailChangeContext,
  token: string,
  keepToken: string | undefined,
): Promise<EmailChangeAnswer> {
  const [claimed] = await ctx.db
    .update(emailChangeTokens)
    .set({ usedAt: ctx.now })
    .where(and(eq(emailChangeTokens.tokenHash, hashToken(token)), isNull(emailChangeTokens.usedAt)))
    .returning();
  if (!claimed) throw badRequest(accountMessages.emailLinkInvalid);
  if (claimed.expiresAt.getTime() <= ctx.now.getTime()) throw badRequest(accountMessages.emailLinkExpired);
  const before = await findUserById(ctx.db, claimed.userId);
  if (!before || before.isDisabled) throw badRequest(accountMessages.emailLinkInvalid);
  try {
    await ctx.db.update(users).set({ email: claimed.newEmail, emailVerifiedAt: ctx.now }).where(eq(users.id, claimed.userId));
  } catch (error) {
    // Someone registered the address after the link was sent; only the address's owner holds this link.
    if (isUniqueViolation(error, 'users_email_unique')) throw badRequest(accountMessages.emailNoLongerAvailable);
    throw error;
  }
  await endOtherSessions(ctx.db, claimed.userId, keepToken);
  await ctx.mailer.send(ctx.db, {
    to: before.email,
    subject: 'Your Glossly email was changed',
    text: [
      `Hi ${before.name},`,
      '',
      `The email address of your Glossly account is now ${claimed.newEmail}. Other devices have been signed out.`,
      'If you did not make this change, contact us at once from the Help & Support page.',
    ].join('\n'),
  });
  return { message: accountMessages.emailChanged, email: claimed.newEmail };
}
