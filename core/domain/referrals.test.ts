import { describe, expect, it } from 'vitest';
import {
  canBeReferred,
  canRefer,
  friendDisplayName,
  isReferralCodeShape,
  normalizeReferralCode,
  referralCodeFromSearch,
  referralShareLink,
  referralState,
} from './referrals.ts';

describe('referral rules', () => {
  it('shows a friend as first name and last initial only', () => {
    expect(friendDisplayName('Jamie Lee')).toBe('Jamie L.');
    expect(friendDisplayName('  ana  maria  de souza ')).toBe('ana S.');
    expect(friendDisplayName('Cher')).toBe('Cher');
    expect(friendDisplayName('   ')).toBe('A friend');
  });

  it('walks a friend from signed up to booked to completed, and back when the first booking goes', () => {
    expect(referralState({ firstBookingId: null, isRewarded: false })).toBe('signed_up');
    expect(referralState({ firstBookingId: 7, isRewarded: false })).toBe('booked');
    expect(referralState({ firstBookingId: 7, isRewarded: true })).toBe('completed');
    // The reward is for good: a completed friend stays completed even if the booking row went.
    expect(referralState({ firstBookingId: null, isRewarded: true })).toBe('completed');
  });

  it('lets only customers refer and be referred', () => {
    expect(canRefer('customer')).toBe(true);
    expect(canRefer('detailer')).toBe(false);
    expect(canRefer('admin')).toBe(false);
    expect(canBeReferred('customer')).toBe(true);
    expect(canBeReferred('detailer')).toBe(false);
  });

  it('reads codes without case and refuses what cannot be one', () => {
    expect(normalizeReferralCode(' ab12cd34 ')).toBe('AB12CD34');
    expect(isReferralCodeShape('AB12CD34')).toBe(true);
    expect(isReferralCodeShape('abc')).toBe(false);
    expect(isReferralCodeShape("AB12'; drop")).toBe(false);
    expect(isReferralCodeShape('A'.repeat(33))).toBe(false);
  });

  it('builds the share link and reads it back', () => {
    const link = referralShareLink('https://glossly.app/', 'AB12CD34');
    expect(link).toBe('https://glossly.app/login?ref=AB12CD34');
    expect(referralCodeFromSearch(new URL(link).search)).toBe('AB12CD34');
    expect(referralCodeFromSearch('?ref=ab12cd34')).toBe('AB12CD34');
    expect(referralCodeFromSearch('?ref=<script>')).toBe('');
    expect(referralCodeFromSearch('')).toBe('');
  });
});
