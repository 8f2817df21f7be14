import { z } from 'zod';
import { passwordMaxLength, passwordMinLength, passwordPolicyMessages } from '../domain/password-policy.ts';
import { normalizeUsPhone } from '../domain/phone-numbers.ts';
import { emailMaxLength, idSchema, textSchema } from './common.ts';

// The signed-in user's own account (decision 019, Profile): PATCH /api/account and its siblings. The forms use these
// same schemas through lib/schema-resolver.ts. accountMessages and deleteConfirmationWord are in core/domain/account.ts,
// not re-exported here: the profile page uses them and loads this module with import(), and such a re-export cost the
// page its entry in the build.

/** The register form's rules and messages (spec section 5), reused when the name or username is edited. */
export const profileNameSchema = textSchema('Name', 100, { required: 'Required' }).min(2, 'Name must be at least 2 characters');
export const profileUsernameSchema = textSchema('Username', 50, { required: 'Required' }).min(3, 'Username must be at least 3 characters');

export const phoneMessage = 'Enter a US phone number, such as (415) 555-0123';

/** A phone to store: a US number becomes E.164; empty text or null clears it. */
export const phoneSchema = textSchema('Phone', 30, { required: phoneMessage, invalid: phoneMessage })
  .nullable()
  .transform((value, context) => {
    if (value === null || value === '') return null;
    const phone = normalizeUsPhone(value);
    if (!phone) {
      context.addIssue({ code: 'custom', message: phoneMessage });
      return z.NEVER;
    }
    return phone;
  });

/** PATCH /api/account: any of these; `avatarUploadId` must be an upload of yours, null removes the photo. */
export const updateProfileSchema = z.object({
  name: profileNameSchema.optional(),
  username: profileUsernameSchema.optional(),
  phone: phoneSchema.optional(),
  avatarUploadId: idSchema('avatarUploadId').nullable().optional(),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;
export type UpdateProfile = z.output<typeof updateProfileSchema>;

/** The 'Edit profile' form: the same fields (the photo is saved on its own as soon as it is uploaded). */
export const profileFormSchema = z.object({
  name: profileNameSchema,
  username: profileUsernameSchema,
  phone: phoneSchema,
});
export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileForm = z.output<typeof profileFormSchema>;

/** A password being chosen: core/domain/password-policy.ts (the server adds its list of common passwords). */
const newPasswordSchema = z
  .string({ error: 'Required' })
  .min(passwordMinLength, passwordPolicyMessages.tooShort)
  .max(passwordMaxLength, passwordPolicyMessages.tooLong)
  .refine((value) => value.trim() !== '', passwordPolicyMessages.blank);

/** The password someone has: checked against the stored hash only, so any old length still works. */
const currentPasswordSchema = textSchema('Password', passwordMaxLength, { trim: false, required: 'Required' }).min(1, 'Required');

export const changePasswordSchema = z
  .object({
    currentPassword: currentPasswordSchema,
    newPassword: newPasswordSchema,
    // The form always sends it; an API call may leave it out.
    confirmPassword: z.string().optional(),
  })
  .refine((input) => input.confirmPassword === undefined || input.newPassword === input.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
    when: (payload) => {
      const value = payload.value as { newPassword?: unknown; confirmPassword?: unknown };
      return typeof value.newPassword === 'string' && typeof value.confirmPassword === 'string';
    },
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const changeEmailSchema = z.object({
  newEmail: textSchema('Email', emailMaxLength, { required: 'Required' }).pipe(z.email({ error: 'Please enter a valid email address' })),
  password: currentPasswordSchema,
});
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

const invalidEmailLink = 'This email change link is invalid';

export const confirmEmailChangeSchema = z.object({
  token: textSchema('token', 512, { trim: false, required: 'Required', tooLong: invalidEmailLink, invalid: invalidEmailLink }).min(
    1,
    invalidEmailLink,
  ),
});
export type ConfirmEmailChangeInput = z.infer<typeof confirmEmailChangeSchema>;

/** DELETE /api/account: the password, or for an account without one the typed word. */
export const deleteAccountSchema = z.object({
  password: textSchema('Password', passwordMaxLength, { trim: false }).optional(),
  confirmation: textSchema('Confirmation', 20).optional(),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** The 'Delete account' form: the password, required; an account without one types the word instead. */
export const deleteAccountPasswordFormSchema = deleteAccountSchema.pick({ password: true }).extend({ password: currentPasswordSchema });
export const deleteAccountWordFormSchema = deleteAccountSchema.pick({ confirmation: true });

/** POST /api/account/email/confirm answers this. */
export type EmailChangeAnswer = { message: string; email: string };
