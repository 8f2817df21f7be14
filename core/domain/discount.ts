/** Why a booking costs less (decision 022): a promo code, the member's discount, or a visit the plan covers. */
export type DiscountSource = 'promo_code' | 'membership' | 'covered_visit';

/**
 * The discount line's label, the same on the order summary, checkout, booking details and the receipt:
 * 'Promo code CODE', 'Member discount' or 'Covered by your plan'.
 */
export function discountLineLabel(source: DiscountSource | null, promoCode: string | null): string {
  switch (source) {
    case 'promo_code':
      return promoCode ? `Promo code ${promoCode}` : 'Promo code';
    case 'membership':
      return 'Member discount';
    case 'covered_visit':
      return 'Covered by your plan';
    case null:
      return 'Discount';
    default: {
      const unknown: never = source;
      return unknown;
    }
  }
}

/** The booking's columns that say where its discount came from (bookings.promo_code_id, bookings.membership_id). */
export type DiscountColumns = {
  discountCents: number;
  promoCodeId: number | null;
  membershipId: number | null;
  priceCents: number;
  vehicleSurchargeCents: number;
};

/** A code wins the label; a membership covers the whole visit (price + surcharge) or discounts it. */
export function discountSourceOf(b: DiscountColumns): DiscountSource | null {
  if (b.discountCents === 0) return null;
  if (b.promoCodeId !== null) return 'promo_code';
  if (b.membershipId !== null) return b.discountCents === b.priceCents + b.vehicleSurchargeCents ? 'covered_visit' : 'membership';
  return null;
}
