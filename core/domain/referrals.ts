import type { Role } from './roles.ts';

/**
 * Referrals (issue 18, decision 022): pure rules shared by the server and the 'My Referrals' page.
 * Only customers refer and only customers are referred: a detailer's clients are their own business, and an
 * admin's account is not a shopper's.
 */

export const referralStates = ['signed_up', 'booked', 'completed'] as const;
export type ReferralState = (typeof referralStates)[number];

export const referralStateLabels: Record<ReferralState, string> = {
  signed_up: 'Signed up',
  booked: 'Booked',
  completed: 'Completed',
};

export const referralCodeNotFoundMessage = 'That referral code was not found';
export const referralCodeForCustomersMessage = 'Referral codes are for customer accounts';

/** Codes are matched without case (the unique index is on lower(code)); stored as the users' column holds them. */
export const normalizeReferralCode = (code: string): string => code.trim().toUpperCase();

/** Codes are 4 to 32 letters and digits: anything else cannot be one and is refused before any lookup. */
export const isReferralCodeShape = (code: string): boolean => /^[A-Za-z0-9]{4,32}$/.test(code.trim());

export const canRefer = (role: Role): boolean => role === 'customer';
export const canBeReferred = (role: Role): boolean => role === 'customer';

/**
 * Where a friend stands: completed once the referrer's reward was granted, booked while a first booking is paid
 * and live, otherwise signed up (a cancelled first booking puts the friend back until another one is paid).
 */
export function referralState(friend: { firstBookingId: number | null; isRewarded: boolean }): ReferralState {
  if (friend.isRewarded) return 'completed';
  return friend.firstBookingId === null ? 'signed_up' : 'booked';
}

/** Privacy: a referrer sees a friend's first name and the initial of the last one ('Jamie Lee' -> 'Jamie L.'). */
export function friendDisplayName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return 'A friend';
  const [first, ...rest] = parts;
  const last = rest.at(-1);
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first!;
}

/** The link a customer shares: the sign-in page, which opens Register with the code filled in. */
export function referralShareLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}/login?ref=${encodeURIComponent(code)}`;
}

/** The code in a share link's query string (`?ref=CODE`), or '' when there is none or it cannot be a code. */
export function referralCodeFromSearch(search: string): string {
  const code = new URLSearchParams(search).get('ref') ?? '';
  return isReferralCodeShape(code) ? normalizeReferralCode(code) : '';
}
