import { z } from 'zod';
import { isReferralCodeShape, normalizeReferralCode, referralCodeNotFoundMessage, referralStates } from '../domain/referrals.ts';

// Referrals (issue 18, decision 022): the Register form's optional code and GET /api/referrals.

/**
 * The optional 'Referral code' of registration: blank means none; a code is matched without case. Something that
 * cannot be a code gets the same message as an unknown one.
 */
export const referralCodeInputSchema = z
  .string({ error: referralCodeNotFoundMessage })
  .max(64, referralCodeNotFoundMessage)
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()))
  .refine((value) => value === undefined || isReferralCodeShape(value), referralCodeNotFoundMessage)
  .transform((value) => (value === undefined ? undefined : normalizeReferralCode(value)));

export const referralFriendSchema = z.object({
  /** The referral's id (never the friend's user id). */
  id: z.number().int(),
  /** First name and last initial only. */
  name: z.string(),
  state: z.enum(referralStates),
  /** When the friend reached that state (ISO instant). */
  since: z.string(),
});
export type ReferralFriend = z.infer<typeof referralFriendSchema>;

export const referralsResponseSchema = z.object({
  code: z.string(),
  shareLink: z.string(),
  /** What a friend gets on registering and the referrer on the friend's first completed booking (settings now). */
  friendCreditCents: z.number().int(),
  referrerCreditCents: z.number().int(),
  /** Every reward this customer earned by referring. */
  creditsEarnedCents: z.number().int(),
  /** The referral credits balance checkout's switch spends. */
  balanceCents: z.number().int(),
  friends: z.array(referralFriendSchema),
});
export type ReferralsResponse = z.infer<typeof referralsResponseSchema>;

/** The newest friends the page lists. */
export const referralFriendsShown = 100;
