// The account's messages and the word that deletes it, apart from its schemas (core/schemas/account.ts) so that the
// profile page can show them without loading zod (issue 13).

/** What an account without a password (OpenID only) types to delete it. */
export const deleteConfirmationWord = 'DELETE';

export const accountMessages = {
  wrongCurrentPassword: 'Your current password is incorrect',
  wrongPassword: 'Your password is incorrect',
  noPassword: "Your account signs in with Google and has no password yet. To set one, use 'Forgot password?' on the sign-in page.",
  usernameTaken: 'This username is already taken',
  avatarNotYours: 'Choose a photo you uploaded',
  emailChangeSent: 'Check your new email address: we sent a link to confirm the change.',
  emailChanged: 'Your email address has been changed.',
  emailLinkInvalid: 'This email change link is invalid or has already been used. Please ask for a new one.',
  emailLinkExpired: 'This email change link has expired. Please ask for a new one.',
  emailNoLongerAvailable: 'This email address is no longer available. Please choose another one.',
  sameEmail: 'This is already your email address',
  upcomingJobs: 'Cancel or finish your upcoming jobs first',
  upcomingBookings: 'Cancel your upcoming bookings first',
  typeToDelete: `Type ${deleteConfirmationWord} to confirm`,
} as const;
