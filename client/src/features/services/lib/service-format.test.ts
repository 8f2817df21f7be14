import { describe, expect, it } from 'vitest';
import {
  centsToDollarText,
  dollarTextToCents,
  durationLabel,
  serviceAddedDescription,
  serviceResumedDescription,
  surchargesSummary,
} from './service-format.ts';

describe('service-format', () => {
  it('labels durations in hours and minutes', () => {
    expect(durationLabel(45)).toBe('45 min');
    expect(durationLabel(120)).toBe('2 h');
    expect(durationLabel(135)).toBe('2 h 15 min');
  });

  it('sums up the surcharges, leaving out none (0)', () => {
    expect(surchargesSummary([])).toBeNull();
    expect(surchargesSummary([{ vehicleType: 'Sedan', surchargeCents: 0 }])).toBeNull();
    expect(
      surchargesSummary([
        { vehicleType: 'SUV', surchargeCents: 1500 },
        { vehicleType: 'Van', surchargeCents: 2000 },
      ]),
    ).toBe('SUV +$15.00 · Van +$20.00');
  });

  it('turns typed dollars into whole cents, and keeps what is not whole cents for the schema to refuse', () => {
    expect(dollarTextToCents('59', Number.NaN)).toBe(5900);
    expect(dollarTextToCents('$1,250.50', Number.NaN)).toBe(125050);
    expect(dollarTextToCents('19.99', Number.NaN)).toBe(1999);
    expect(dollarTextToCents('0.1', Number.NaN)).toBe(10);
    expect(dollarTextToCents('59.005', Number.NaN)).toBeCloseTo(5900.5);
    expect(dollarTextToCents('', 0)).toBe(0);
    expect(dollarTextToCents('  ', Number.NaN)).toBeNaN();
    expect(dollarTextToCents('abc', 0)).toBeNaN();
    expect(dollarTextToCents('-5', 0)).toBeNaN();
  });

  it('shows cents as dollars with two decimals; 0 as empty where 0 means none', () => {
    expect(centsToDollarText(5900)).toBe('59.00');
    expect(centsToDollarText(0, true)).toBe('');
    expect(centsToDollarText(0)).toBe('0.00');
    expect(centsToDollarText(undefined)).toBe('');
  });

  it('promises bookings only for a bookable service: a business waiting for approval is told it waits', () => {
    expect(serviceAddedDescription({ name: 'Foam Wash', bookable: true })).toBe('Foam Wash is listed: customers can book it now.');
    expect(serviceAddedDescription({ name: 'Foam Wash', bookable: false })).toBe(
      'Foam Wash is saved. Customers can book it once an admin approves your business.',
    );
    expect(serviceResumedDescription({ name: 'Foam Wash', bookable: true })).toBe('Customers can book Foam Wash again.');
    expect(serviceResumedDescription({ name: 'Foam Wash', bookable: false })).not.toMatch(/can book Foam Wash again/);
  });
});
