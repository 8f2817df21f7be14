import { describe, expect, it } from 'vitest';
import { discountLineLabel, discountSourceOf } from './discount.ts';

describe('discount line (decision 022)', () => {
  it('labels each source', () => {
    expect(discountLineLabel('promo_code', 'WELCOME5')).toBe('Promo code WELCOME5');
    expect(discountLineLabel('membership', null)).toBe('Member discount');
    expect(discountLineLabel('covered_visit', null)).toBe('Covered by your plan');
  });

  it('takes the source from the booking: a code first, then a covered visit or a member discount', () => {
    const base = { priceCents: 5900, vehicleSurchargeCents: 1000, promoCodeId: null, membershipId: null };
    expect(discountSourceOf({ ...base, discountCents: 0, promoCodeId: 3 })).toBeNull();
    expect(discountSourceOf({ ...base, discountCents: 500, promoCodeId: 3, membershipId: 1 })).toBe('promo_code');
    expect(discountSourceOf({ ...base, discountCents: 6900, membershipId: 1 })).toBe('covered_visit');
    expect(discountSourceOf({ ...base, discountCents: 690, membershipId: 1 })).toBe('membership');
  });
});
