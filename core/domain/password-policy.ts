// The rule for a password someone chooses (registration, reset). Signing in checks none of it: an account made
// under an older rule must still open. The list of common passwords is the server's (server/data): too big for
// the client bundle, so the client checks length and blankness and the server adds the list.

export const passwordMinLength = 8;
export const passwordMaxLength = 128;

export const passwordPolicyMessages = {
  tooShort: `Password must be at least ${passwordMinLength} characters`,
  /** The confirmation field says the same number as the password field (it said 6 beside the password's 8). */
  confirmationTooShort: `Confirm password must be at least ${passwordMinLength} characters`,
  tooLong: `Password must be at most ${passwordMaxLength} characters`,
  blank: 'Password cannot be only spaces',
  common: 'This password is too common. Please choose one that is harder to guess.',
} as const;

/** Whether a password is on a list of common ones, compared without case (the list is lowercase). */
export type CommonPasswordCheck = (password: string) => boolean;

/** The message of the first rule the password breaks, or null when it may be chosen. */
export function passwordProblem(password: string, isCommon?: CommonPasswordCheck): string | null {
  if (password.length < passwordMinLength) return passwordPolicyMessages.tooShort;
  if (password.length > passwordMaxLength) return passwordPolicyMessages.tooLong;
  if (password.trim() === '') return passwordPolicyMessages.blank;
  if (isCommon?.(password)) return passwordPolicyMessages.common;
  return null;
}
