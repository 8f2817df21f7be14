import { formatUsd } from './money.ts';

/**
 * The rules of a promo code (issue 19, decision 022), pure: whether it applies to a booking and what it takes off.
 * The server counts the uses atomically; these say what a use would be and why one is refused.
 */

export type PromoCodeTerms = {
  code: string;
  kind: 'percent' | 'fixed';
  percentOff: number | null;
  amountOffCents: number | null;
  minOrderCents: number;
  serviceIds: readonly number[];
  detailerIds: readonly number[];
  startsAt: Date;
  endsAt: Date | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  firstBookingOnly: boolean;
  pausedAt: Date | null;
  usesCount: number;
};

export type PromoCodeState = 'active' | 'paused' | 'scheduled' | 'expired' | 'used_up';

/** What the admin list shows: paused wins (an admin's choice), then the dates, then the uses. */
export function promoCodeState(
  code: Pick<PromoCodeTerms, 'pausedAt' | 'startsAt' | 'endsAt' | 'maxUses' | 'usesCount'>,
  now: Date,
): PromoCodeState {
  if (code.pausedAt) return 'paused';
  if (code.endsAt && code.endsAt.getTime() <= now.getTime()) return 'expired';
  if (code.startsAt.getTime() > now.getTime()) return 'scheduled';
  if (code.maxUses !== null && code.usesCount >= code.maxUses) return 'used_up';
  return 'active';
}

export const promoCodeStateLabels: Record<PromoCodeState, string> = {
  active: 'Active',
  paused: 'Paused',
  scheduled: 'Scheduled',
  expired: 'Expired',
  used_up: 'Used up',
};

/**
 * What the code takes off price + surcharge: a percent rounded down to the cent (never more than the customer
 * was told), a fixed amount up to the order itself.
 */
export function promoDiscountCents(code: Pick<PromoCodeTerms, 'kind' | 'percentOff' | 'amountOffCents'>, orderCents: number): number {
  if (!Number.isInteger(orderCents) || orderCents < 0) throw new RangeError(`orderCents must be whole cents, 0 or more, got ${orderCents}`);
  const off = code.kind === 'percent' ? Math.floor((orderCents * (code.percentOff ?? 0)) / 100) : (code.amountOffCents ?? 0);
  return Math.max(0, Math.min(off, orderCents));
}

/** A code's discount as the list shows it: "20% off" or "$10.00 off". */
export function promoDiscountLabel(code: Pick<PromoCodeTerms, 'kind' | 'percentOff' | 'amountOffCents'>): string {
  return code.kind === 'percent' ? `${code.percentOff ?? 0}% off` : `${formatUsd(code.amountOffCents ?? 0)} off`;
}

export const promoMessages = {
  notFound: 'We could not find that code. Check the spelling and try again.',
  paused: 'This code is paused',
  notYet: 'This code is not active yet',
  expired: 'This code has expired',
  usedUp: 'This code has been used up',
  usedByYou: 'You have already used this code',
  firstBookingOnly: 'This code is for first bookings only',
  otherService: 'This code does not apply to this service',
  otherDetailer: 'This code does not apply to this detailer',
  noDiscount: 'This code takes nothing off this booking',
  memberDiscountLarger: 'Your member discount is already larger than this code',
  coveredVisit: 'Your membership already covers this visit',
  minOrder: (minOrderCents: number) => `This code needs an order of at least ${formatUsd(minOrderCents)}`,
} as const;

export type PromoBookingFacts = {
  now: Date;
  /** Price + surcharge of the booking. */
  orderCents: number;
  serviceId: number;
  detailerId: number;
  /** The customer's uses of this code on other bookings that are paid or still live. */
  customerUses: number;
  /** Whether the customer has a booking that was ever paid (authorized). */
  hasPaidBookingBefore: boolean;
};

/**
 * Why this code cannot go on this booking, or null when it can. The total uses are not judged here: the server's
 * conditional update is what counts them (two customers racing for the last use cannot both get it).
 */
export function promoRefusal(code: PromoCodeTerms, facts: PromoBookingFacts): string | null {
  const state = promoCodeState({ ...code, maxUses: null }, facts.now);
  if (state === 'paused') return promoMessages.paused;
  if (state === 'expired') return promoMessages.expired;
  if (state === 'scheduled') return promoMessages.notYet;
  if (code.serviceIds.length > 0 && !code.serviceIds.includes(facts.serviceId)) return promoMessages.otherService;
  if (code.detailerIds.length > 0 && !code.detailerIds.includes(facts.detailerId)) return promoMessages.otherDetailer;
  if (facts.orderCents < code.minOrderCents) return promoMessages.minOrder(code.minOrderCents);
  // Already on another of the customer's unpaid bookings: only one of them can be the first, else a new customer's
  // three holds would each take a first-booking discount.
  if (code.firstBookingOnly && (facts.hasPaidBookingBefore || facts.customerUses > 0)) return promoMessages.firstBookingOnly;
  if (code.maxUsesPerCustomer !== null && facts.customerUses >= code.maxUsesPerCustomer) return promoMessages.usedByYou;
  if (promoDiscountCents(code, facts.orderCents) <= 0) return promoMessages.noDiscount;
  return null;
}

/**
 * A member's discount and a code do not stack (decision 022): the code replaces the member's discount only when
 * it takes off more; a visit the membership covers takes no code at all.
 */
export function memberDiscountRefusal(
  codeDiscountCents: number,
  membership: { discountCents: number; coversVisit: boolean } | null,
): string | null {
  if (!membership) return null;
  if (membership.coversVisit) return promoMessages.coveredVisit;
  if (codeDiscountCents <= membership.discountCents) return promoMessages.memberDiscountLarger;
  return null;
}
