import { describe, expect, it } from 'vitest';
import { bookingPrice } from './pricing.ts';
import { jobSplit, nextPayoutDate, payoutCents, refundSplit, tipSplit, type EarningsSplit } from './earnings.ts';
import { randomInt, seededRandom } from './seeded-random.ts';

describe('jobSplit', () => {
  it('takes 15 % of price and surcharge, rounded half up, and leaves the rest to the detailer', () => {
    expect(jobSplit(5900, 0, 1500)).toEqual({ grossCents: 5900, commissionCents: 885, amountCents: 5015 });
    expect(jobSplit(5900, 1500, 1500)).toEqual({ grossCents: 7400, commissionCents: 1110, amountCents: 6290 });
    // 3333 x 15 % = 499.95 -> 500; 3330 x 15 % = 499.5 -> 500 (half up); 3329 x 15 % = 499.35 -> 499.
    expect(jobSplit(3333, 0, 1500).commissionCents).toBe(500);
    expect(jobSplit(3330, 0, 1500).commissionCents).toBe(500);
    expect(jobSplit(3329, 0, 1500).commissionCents).toBe(499);
  });

  it('follows the basis points, 0 % included', () => {
    expect(jobSplit(10_000, 0, 0)).toEqual({ grossCents: 10_000, commissionCents: 0, amountCents: 10_000 });
    expect(jobSplit(10_000, 0, 2000).commissionCents).toBe(2000);
    expect(jobSplit(101, 0, 2550).commissionCents).toBe(26);
  });

  it('refuses amounts that are not whole cents and basis points out of range', () => {
    expect(() => jobSplit(59.5, 0, 1500)).toThrow(RangeError);
    expect(() => jobSplit(5900, -1, 1500)).toThrow(RangeError);
    expect(() => jobSplit(5900, 0, 10_001)).toThrow(RangeError);
  });
});

describe('tipSplit', () => {
  it("is 100 % the detailer's", () => {
    expect(tipSplit(1180)).toEqual({ grossCents: 1180, commissionCents: 0, amountCents: 1180 });
  });
});

describe('refundSplit', () => {
  const job = jobSplit(5900, 0, 1500); // captured $78.72 of which the detailer's share is $50.15
  const captured = bookingPrice(5900).totalCents;

  it('gives back the whole share for a full refund', () => {
    expect(refundSplit(job, captured, 0, captured)).toEqual({ grossCents: -5900, commissionCents: -885, amountCents: -5015 });
  });

  it('is proportional to the part refunded', () => {
    // Half of $78.72: half of 5900 gross and of 885 commission (442.5 -> 443, half up).
    expect(refundSplit(job, captured, 0, 3936)).toEqual({ grossCents: -2950, commissionCents: -443, amountCents: -2507 });
  });

  it('adds up to exactly the whole share over any split of the capture into partial refunds', () => {
    for (const parts of [[1, 1, captured - 2], [3936, 3936], [1000, 2000, 3000, captured - 6000], Array(16).fill(492)]) {
      let before = 0;
      const total: EarningsSplit = { grossCents: 0, commissionCents: 0, amountCents: 0 };
      for (const part of parts) {
        const split = refundSplit(job, captured, before, part);
        expect(split.amountCents).toBe(split.grossCents - split.commissionCents);
        total.grossCents += split.grossCents;
        total.commissionCents += split.commissionCents;
        total.amountCents += split.amountCents;
        before += part;
      }
      expect(before).toBe(captured);
      expect(total).toEqual({ grossCents: -5900, commissionCents: -885, amountCents: -5015 });
    }
  });

  it('never goes past the capture', () => {
    expect(refundSplit(job, captured, captured, 100)).toEqual({ grossCents: 0, commissionCents: 0, amountCents: 0 });
  });
});

describe('payouts', () => {
  it('pay a positive balance and carry a negative one', () => {
    expect(payoutCents(12_345)).toBe(12_345);
    expect(payoutCents(0)).toBe(0);
    expect(payoutCents(-500)).toBe(0);
  });

  it('come on the payout weekday: today until it has run, else the next one', () => {
    // 2026-11-23 is a Monday.
    expect(nextPayoutDate('2026-11-23', 1, false)).toBe('2026-11-23');
    expect(nextPayoutDate('2026-11-23', 1, true)).toBe('2026-11-30');
    expect(nextPayoutDate('2026-11-24', 1, false)).toBe('2026-11-30');
    expect(nextPayoutDate('2026-11-28', 5, false)).toBe('2026-12-04');
    expect(nextPayoutDate('2026-12-31', 0, false)).toBe('2027-01-03');
  });
});

type Booking = { job: EarningsSplit; capturedCents: number; refundedCents: number; detailerRefundCents: number; platformCents: number };

describe('the detailer ledger over random sequences of capture, tip, refund and payout', () => {
  it('balances to the cent with the money captured and refunded, and a payout leaves 0 or a carried negative', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const next = seededRandom(seed);
      const random = { int: (min: number, max: number) => randomInt(next, min, max) };
      const ledger: number[] = [];
      const bookings: Booking[] = [];
      let captured = 0;
      let refunded = 0;
      let paidOut = 0;
      for (let step = 0; step < 40; step++) {
        const move = random.int(0, 9);
        if (move <= 3 || bookings.length === 0) {
          const price = bookingPrice(random.int(1, 60_000), random.int(0, 1) ? random.int(0, 5000) : 0);
          const commission = random.int(0, 5000);
          // Credits pay part of the total; the card is charged at least 50¢.
          const credits = random.int(0, 1) ? random.int(0, price.totalCents - 50) : 0;
          const job = jobSplit(price.priceCents, price.vehicleSurchargeCents, commission);
          const chargedCents = price.totalCents - credits;
          bookings.push({
            job,
            capturedCents: chargedCents,
            refundedCents: 0,
            detailerRefundCents: 0,
            platformCents: chargedCents - job.amountCents,
          });
          ledger.push(job.amountCents);
          captured += chargedCents;
        } else if (move <= 5) {
          const tip = tipSplit(random.int(100, 100_000));
          ledger.push(tip.amountCents);
          captured += tip.grossCents;
        } else if (move <= 8) {
          const booking = bookings[random.int(0, bookings.length - 1)]!;
          const left = booking.capturedCents - booking.refundedCents;
          if (left === 0) continue;
          const amount = random.int(0, 2) === 0 ? left : random.int(1, left);
          const split = refundSplit(booking.job, booking.capturedCents, booking.refundedCents, amount);
          booking.refundedCents += amount;
          booking.detailerRefundCents -= split.amountCents;
          booking.platformCents -= amount + split.amountCents;
          ledger.push(split.amountCents);
          refunded += amount;
          // The detailer never gives back more than the job earned, and exactly all of it once everything is refunded.
          expect(booking.detailerRefundCents, `seed ${seed}`).toBeLessThanOrEqual(booking.job.amountCents);
          if (booking.refundedCents === booking.capturedCents)
            expect(booking.detailerRefundCents, `seed ${seed}`).toBe(booking.job.amountCents);
        } else {
          const balance = ledger.reduce((sum, cents) => sum + cents, 0);
          const payout = payoutCents(balance);
          if (payout > 0) ledger.push(-payout);
          paidOut += payout;
          const after = ledger.reduce((sum, cents) => sum + cents, 0);
          expect(after, `seed ${seed}`).toBe(balance > 0 ? 0 : balance);
        }
        const balance = ledger.reduce((sum, cents) => sum + cents, 0);
        const platformTake = bookings.reduce((sum, b) => sum + b.platformCents, 0);
        expect(balance + paidOut + platformTake, `seed ${seed}, step ${step}`).toBe(captured - refunded);
      }
    }
  });
});
