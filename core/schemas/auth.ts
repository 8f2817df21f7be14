import { z } from 'zod';
import { passwordMaxLength, passwordMinLength, passwordPolicyMessages } from '../domain/password-policy.ts';
import { roles } from '../domain/roles.ts';
import { emailMaxLength, idParam, textSchema } from './common.ts';
import { referralCodeInputSchema } from './referrals.ts';

// Spec section 5, word for word. The forms (lib/schema-resolver.ts) and the Fastify routes parse with these same schemas.

const email = textSchema('Email', emailMaxLength, { required: 'Required' }).pipe(z.email({ error: 'Please enter a valid email address' }));
const password = z.string({ error: 'Required' }).min(6, 'Password must be at least 6 characters');
/** A password being chosen (registration, reset): core/domain/password-policy.ts; the server adds its common list. */
const newPassword = z
  .string({ error: 'Required' })
  .min(passwordMinLength, passwordPolicyMessages.tooShort)
  .max(passwordMaxLength, passwordPolicyMessages.tooLong)
  .refine((value) => value.trim() !== '', passwordPolicyMessages.blank);

export const loginSchema = z.object({
  email,
  password,
  /** Sent by the spec's client; the server never trusts it to identify anyone. */
  firebaseUid: textSchema('firebaseUid', 128).optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

/**
 * Compares the two passwords as soon as both are filled in, even while another field is still invalid, so that
 * 'Passwords do not match' shows with the other messages instead of after them.
 */
const bothPasswordsGiven = (payload: { value: unknown }) => {
  const value = payload.value as { password?: unknown; confirmPassword?: unknown };
  return typeof value.password === 'string' && typeof value.confirmPassword === 'string';
};

export const registerSchema = z
  .object({
    name: textSchema('Name', 100, { required: 'Required' }).min(2, 'Name must be at least 2 characters'),
    username: textSchema('Username', 50, { required: 'Required' }).min(3, 'Username must be at least 3 characters'),
    email,
    password: newPassword,
    // The form always sends it; the spec's API call may leave it out, then there is nothing to compare.
    confirmPassword: z.string().min(passwordMinLength, passwordPolicyMessages.confirmationTooShort).optional(),
    role: z.enum(roles, { error: 'Please select a role' }).default('customer'),
    /** Accepted for the spec's client and ignored. */
    firebaseUid: textSchema('firebaseUid', 128).optional(),
    isFirebaseUser: z.boolean().optional(),
    /** A friend's code from their share link (/login?ref=CODE); blank for none (issue 18). */
    referralCode: referralCodeInputSchema,
  })
  .refine((input) => input.confirmPassword === undefined || input.password === input.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
    when: bothPasswordsGiven,
  });
export type RegisterInput = z.input<typeof registerSchema>;
export type Registration = z.output<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

const invalidResetLink = 'This reset link is invalid';

export const resetPasswordSchema = z
  .object({
    token: textSchema('token', 512, { trim: false, required: 'Required', tooLong: invalidResetLink, invalid: invalidResetLink }).min(
      1,
      invalidResetLink,
    ),
    password: newPassword,
    confirmPassword: z.string({ error: 'Required' }).min(passwordMinLength, passwordPolicyMessages.confirmationTooShort),
  })
  .refine((input) => input.password === input.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
    when: bothPasswordsGiven,
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const demoLoginSchema = z.object({ role: z.enum(roles, { error: 'Please select a role' }) });
export type DemoLoginInput = z.infer<typeof demoLoginSchema>;

/** What an admin may change on an account. */
export const adminUpdateUserSchema = z
  .object({ isDisabled: z.boolean().optional(), role: z.enum(roles).optional() })
  .refine((input) => input.isDisabled !== undefined || input.role !== undefined, { message: 'Nothing to change' });
export type AdminUpdateUserInput = z.infer<typeof adminUpdateUserSchema>;

export const userIdParamsSchema = z.object({ id: idParam('User id') });

/** GET /api/auth/providers: which sign-in providers this server offers, and why not when it does not. */
export type AuthProviders = { google: { enabled: boolean; reason: string | null } };

/** The one answer of POST /api/auth/forgot-password, whether or not the account exists. */
export const forgotPasswordAnswer = 'If an account exists for that email, we have sent a link to reset your password.';
