import { describe, expect, it } from 'vitest';
import { promoCodeInputSchema } from '../schemas/promo-codes.ts';
import {
  memberDiscountRefusal,
  promoCodeState,
  promoDiscountCents,
  promoDiscountLabel,
  promoMessages,
  promoRefusal,
  type PromoBookingFacts,
  type PromoCodeTerms,
} from './promo-codes.ts';

const now = new Date('2026-11-24T12:00:00Z');
const day = 86_400_000;

const code = (overrides: Partial<PromoCodeTerms> = {}): PromoCodeTerms => ({
  code: 'SPRING20',
  kind: 'percent',
  percentOff: 20,
  amountOffCents: null,
  minOrderCents: 0,
  serviceIds: [],
  detailerIds: [],
  startsAt: new Date(now.getTime() - day),
  endsAt: null,
  maxUses: null,
  maxUsesPerCustomer: null,
  firstBookingOnly: false,
  pausedAt: null,
  usesCount: 0,
  ...overrides,
});

const facts = (overrides: Partial<PromoBookingFacts> = {}): PromoBookingFacts => ({
  now,
  orderCents: 5900,
  serviceId: 7,
  detailerId: 3,
  customerUses: 0,
  hasPaidBookingBefore: false,
  ...overrides,
});

describe('promoDiscountCents', () => {
  it('takes a percent of the order rounded down, and a fixed amount up to the order', () => {
    expect(promoDiscountCents(code(), 5900)).toBe(1180);
    expect(promoDiscountCents(code({ percentOff: 15 }), 5999)).toBe(899); // 899.85 rounds down
    expect(promoDiscountCents(code({ percentOff: 100 }), 5900)).toBe(5900);
    expect(promoDiscountCents(code({ kind: 'fixed', percentOff: null, amountOffCents: 1000 }), 5900)).toBe(1000);
    expect(promoDiscountCents(code({ kind: 'fixed', percentOff: null, amountOffCents: 9000 }), 5900)).toBe(5900);
  });

  it('refuses an amount that is not whole cents', () => {
    expect(() => promoDiscountCents(code(), -1)).toThrow(RangeError);
    expect(() => promoDiscountCents(code(), 1.5)).toThrow(RangeError);
  });

  it('labels the discount', () => {
    expect(promoDiscountLabel(code())).toBe('20% off');
    expect(promoDiscountLabel(code({ kind: 'fixed', percentOff: null, amountOffCents: 1050 }))).toBe('$10.50 off');
  });
});

describe('promoCodeState', () => {
  it('is paused, expired, scheduled, used up or active, in that order', () => {
    expect(promoCodeState(code(), now)).toBe('active');
    expect(promoCodeState(code({ pausedAt: now, endsAt: now }), now)).toBe('paused');
    expect(promoCodeState(code({ endsAt: now }), now)).toBe('expired');
    expect(promoCodeState(code({ startsAt: new Date(now.getTime() + 1) }), now)).toBe('scheduled');
    expect(promoCodeState(code({ maxUses: 10, usesCount: 10 }), now)).toBe('used_up');
    expect(promoCodeState(code({ maxUses: 10, usesCount: 9 }), now)).toBe('active');
  });
});

describe('promoRefusal', () => {
  it('accepts a live code that fits the booking', () => {
    expect(promoRefusal(code(), facts())).toBeNull();
  });

  it('names each reason a code is refused', () => {
    expect(promoRefusal(code({ pausedAt: now }), facts())).toBe(promoMessages.paused);
    expect(promoRefusal(code({ endsAt: new Date(now.getTime() - 1) }), facts())).toBe('This code has expired');
    expect(promoRefusal(code({ startsAt: new Date(now.getTime() + day) }), facts())).toBe(promoMessages.notYet);
    expect(promoRefusal(code({ serviceIds: [8] }), facts())).toBe(promoMessages.otherService);
    expect(promoRefusal(code({ detailerIds: [4] }), facts())).toBe(promoMessages.otherDetailer);
    expect(promoRefusal(code({ minOrderCents: 10000 }), facts())).toBe('This code needs an order of at least $100.00');
    expect(promoRefusal(code({ firstBookingOnly: true }), facts({ hasPaidBookingBefore: true }))).toBe(
      'This code is for first bookings only',
    );
    // On another unpaid booking of the customer already: that one is the first, not this one.
    expect(promoRefusal(code({ firstBookingOnly: true }), facts({ customerUses: 1 }))).toBe('This code is for first bookings only');
    expect(promoRefusal(code({ maxUsesPerCustomer: 1 }), facts({ customerUses: 1 }))).toBe(promoMessages.usedByYou);
  });

  it('lets the listed service and detailer, the exact minimum and a first booking through', () => {
    expect(promoRefusal(code({ serviceIds: [7, 8], detailerIds: [3] }), facts())).toBeNull();
    expect(promoRefusal(code({ minOrderCents: 5900 }), facts())).toBeNull();
    expect(promoRefusal(code({ firstBookingOnly: true }), facts())).toBeNull();
    expect(promoRefusal(code({ maxUsesPerCustomer: 2 }), facts({ customerUses: 1 }))).toBeNull();
  });

  it('leaves the total uses to the database (the last use is raced for there)', () => {
    expect(promoRefusal(code({ maxUses: 10, usesCount: 10 }), facts())).toBeNull();
  });

  it('refuses a code that would take nothing off', () => {
    expect(promoRefusal(code({ percentOff: 1 }), facts({ orderCents: 50 }))).toBe(promoMessages.noDiscount);
  });
});

describe('memberDiscountRefusal', () => {
  it('keeps the larger of a member discount and a code, and no code on a covered visit', () => {
    expect(memberDiscountRefusal(1000, null)).toBeNull();
    expect(memberDiscountRefusal(1000, { discountCents: 590, coversVisit: false })).toBeNull();
    expect(memberDiscountRefusal(590, { discountCents: 590, coversVisit: false })).toBe(promoMessages.memberDiscountLarger);
    expect(memberDiscountRefusal(9000, { discountCents: 5900, coversVisit: true })).toBe(promoMessages.coveredVisit);
  });
});

describe('promoCodeInputSchema', () => {
  const valid = { code: 'spring-20', kind: 'percent', percentOff: 20 };

  it('takes a percent or a fixed code with defaults', () => {
    expect(promoCodeInputSchema.parse(valid)).toMatchObject({ code: 'spring-20', minOrderCents: 0, serviceIds: [], maxUses: null });
    expect(promoCodeInputSchema.safeParse({ code: 'TEN_OFF', kind: 'fixed', amountOffCents: 1000 }).success).toBe(true);
  });

  it('refuses a bad code, percent, amount or dates, naming the field', () => {
    const fieldOf = (input: object) => promoCodeInputSchema.safeParse(input).error?.issues.map((i) => i.path.join('.'));
    expect(fieldOf({ ...valid, code: 'ab' })).toEqual(['code']);
    expect(fieldOf({ ...valid, code: 'has space' })).toEqual(['code']);
    expect(fieldOf({ ...valid, code: 'x'.repeat(33) })).toEqual(['code']);
    expect(fieldOf({ ...valid, percentOff: 0 })).toEqual(['percentOff']);
    expect(fieldOf({ ...valid, percentOff: 101 })).toEqual(['percentOff']);
    expect(fieldOf({ ...valid, percentOff: 12.5 })).toEqual(['percentOff']);
    expect(fieldOf({ code: 'TEN', kind: 'fixed', amountOffCents: -100 })).toEqual(['amountOffCents']);
    expect(fieldOf({ code: 'TEN', kind: 'fixed', amountOffCents: 0 })).toEqual(['amountOffCents']);
    expect(fieldOf({ ...valid, minOrderCents: -1 })).toEqual(['minOrderCents']);
    expect(fieldOf({ ...valid, maxUses: 0 })).toEqual(['maxUses']);
    expect(fieldOf({ ...valid, serviceIds: [1, 1] })).toEqual(['serviceIds']);
    expect(fieldOf({ ...valid, startsAt: '2026-12-02T00:00:00.000Z', endsAt: '2026-12-01T00:00:00.000Z' })).toEqual(['endsAt']);
    expect(fieldOf({ ...valid, endsAt: 'tomorrow' })).toEqual(['endsAt']);
  });
});
