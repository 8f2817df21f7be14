import { describe, expect, it } from 'vitest';
import { addBillingMonths, bestValuePlanId, nextRetryAt, prorationCents } from './membership-billing.ts';

describe('membership billing calendar', () => {
  it('bills on the same day each month, the last day of a shorter month, and back on the day after', () => {
    const jan31 = new Date('2026-01-31T10:00:00Z');
    expect(addBillingMonths(jan31, 1, 31).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addBillingMonths(new Date('2026-02-28T10:00:00Z'), 1, 31).toISOString()).toBe('2026-03-31T10:00:00.000Z');
    expect(addBillingMonths(new Date('2028-01-30T10:00:00Z'), 1, 30).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(addBillingMonths(new Date('2026-12-15T00:00:00Z'), 1, 15).toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });

  it('retries a failed renewal on days 1, 3 and 5 after the period end, then stops', () => {
    const end = new Date('2026-12-23T16:00:00Z');
    expect(nextRetryAt(end, 1)?.toISOString()).toBe('2026-12-24T16:00:00.000Z');
    expect(nextRetryAt(end, 2)?.toISOString()).toBe('2026-12-26T16:00:00.000Z');
    expect(nextRetryAt(end, 3)?.toISOString()).toBe('2026-12-28T16:00:00.000Z');
    expect(nextRetryAt(end, 4)).toBeNull();
  });

  it('prorates an upgrade for what is left of the period, and charges nothing for a downgrade', () => {
    const start = new Date('2026-11-01T00:00:00Z');
    const end = new Date('2026-12-01T00:00:00Z');
    const half = new Date('2026-11-16T00:00:00Z');
    expect(prorationCents(3900, 6900, start, end, half)).toBe(1500);
    expect(prorationCents(6900, 3900, start, end, half)).toBe(0);
    expect(prorationCents(3900, 6900, start, end, end)).toBe(0);
    expect(prorationCents(3900, 6900, start, end, start)).toBe(3000);
  });

  it('marks the plan with the lowest price per visit as the best value', () => {
    const plans = [
      { id: 1, monthlyPriceCents: 3900, includedVisitsPerMonth: 1 },
      { id: 2, monthlyPriceCents: 6900, includedVisitsPerMonth: 2 },
      { id: 3, monthlyPriceCents: 12900, includedVisitsPerMonth: 4 },
    ];
    expect(bestValuePlanId(plans)).toBe(3);
    expect(bestValuePlanId(plans.slice(0, 2))).toBe(2);
    expect(bestValuePlanId(plans.slice(0, 1))).toBeNull();
  });
});
