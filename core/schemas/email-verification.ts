import { z } from 'zod';
import { textSchema } from './common.ts';

// Confirming the address of a new account (decision 010). Resending a link takes forgotPasswordSchema's { email }.

const invalidLink = 'This confirmation link is invalid';

export const verifyEmailSchema = z.object({
  token: textSchema('token', 512, { trim: false, required: 'Required', tooLong: invalidLink, invalid: invalidLink }).min(1, invalidLink),
});
export type VerifyEmailInput = z.infer<typeof verifyEmailSchema>;

/** The one answer of POST /api/auth/register, whether the email was new or already had an account. */
export const registrationAnswer = 'Check your email to confirm your account';
/**
 * `outboxPath`: in demo mode only (no SMTP on a laptop), the page listing the mails just sent, so the link can be
 * opened offline. The same for a new email and a taken one.
 */
export type RegistrationAnswer = { message: string; outboxPath?: string };

/** The demo outbox's page (demo mode only; its API answers 404 otherwise). */
export const demoOutboxPath = '/demo/outbox';

/** The one answer of POST /api/auth/resend-verification, whatever the address. */
export const resendVerificationAnswer = 'If that account is waiting for confirmation, we have sent a new link.';

export const verificationLinkMessages = {
  invalid: 'This confirmation link is invalid or has already been used. Sign in, or ask for a new link.',
  expired: 'This confirmation link has expired. Please ask for a new one.',
} as const;
