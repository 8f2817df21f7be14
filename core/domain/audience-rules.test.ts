import { describe, expect, it } from 'vitest';
import { audienceRulesSchema } from '../schemas/marketing.ts';
import { bookingCountFits, dayEnd, dayStart, describeAudienceRules, maskEmail, needsBookingCount } from './audience-rules.ts';

describe('audience rules', () => {
  it('describes each rule in words, and no rules as everyone', () => {
    expect(describeAudienceRules({})).toEqual(['Everyone']);
    expect(describeAudienceRules({ role: 'customer' })).toEqual(['Customers']);
    expect(describeAudienceRules({ city: 'Oakland' })).toEqual(['In Oakland']);
    expect(describeAudienceRules({ zip: '94107', radiusMiles: 10 })).toEqual(['Within 10 mi of 94107']);
    expect(describeAudienceRules({ lastBookingAfter: '2026-01-01', lastBookingBefore: '2026-02-01' })).toEqual([
      'Last booking on or after 2026-01-01',
      'Last booking on or before 2026-02-01',
    ]);
    expect(describeAudienceRules({ minBookings: 1 })).toEqual(['At least 1 booking']);
    expect(describeAudienceRules({ maxBookings: 3 })).toEqual(['At most 3 bookings']);
    expect(describeAudienceRules({ minBookings: 2, maxBookings: 2 })).toEqual(['Exactly 2 bookings']);
    expect(describeAudienceRules({ hasMembership: true })).toEqual(['Has an active membership']);
    expect(describeAudienceRules({ hasMembership: false })).toEqual(['No active membership']);
    expect(describeAudienceRules({ vehicleType: 'Sedan' })).toEqual(['Has a Sedan']);
    expect(describeAudienceRules({ signedUpFrom: '2026-01-01', signedUpTo: '2026-01-31' })).toEqual(['Signed up 2026-01-01 to 2026-01-31']);
  });

  it('counts bookings within the minimum and maximum, both included', () => {
    expect(bookingCountFits({ minBookings: 2 }, 2)).toBe(true);
    expect(bookingCountFits({ minBookings: 2 }, 1)).toBe(false);
    expect(bookingCountFits({ maxBookings: 2 }, 2)).toBe(true);
    expect(bookingCountFits({ maxBookings: 2 }, 3)).toBe(false);
    expect(needsBookingCount({ minBookings: 0 })).toBe(false);
    expect(needsBookingCount({ maxBookings: 0 })).toBe(true);
  });

  it('reads a day as a whole UTC day', () => {
    expect(dayStart('2026-03-01').toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(dayEnd('2026-03-01').toISOString()).toBe('2026-03-02T00:00:00.000Z');
  });

  it('masks emails for the sample', () => {
    expect(maskEmail('jane@example.com')).toBe('j***@example.com');
    expect(maskEmail('nope')).toBe('***');
  });

  it('refuses rules that contradict themselves or are unknown, naming the field', () => {
    const fieldOf = (input: unknown) => {
      const result = audienceRulesSchema.safeParse(input);
      return result.success ? null : result.error.issues[0]!.path.join('.');
    };
    expect(fieldOf({ zip: '94107' })).toBe('radiusMiles');
    expect(fieldOf({ radiusMiles: 5 })).toBe('zip');
    expect(fieldOf({ zip: '9410', radiusMiles: 5 })).toBe('zip');
    expect(fieldOf({ zip: '94107', radiusMiles: -1 })).toBe('radiusMiles');
    expect(fieldOf({ minBookings: 3, maxBookings: 1 })).toBe('maxBookings');
    expect(fieldOf({ signedUpFrom: '2026-02-01', signedUpTo: '2026-01-01' })).toBe('signedUpTo');
    expect(fieldOf({ vehicleType: 'Tank' })).toBe('vehicleType');
    expect(fieldOf({ role: 'root' })).toBe('role');
    expect(fieldOf({ sql: 'drop table users' })).toBe('');
    expect(fieldOf({ role: 'customer', vehicleType: 'Sedan', zip: '94107', radiusMiles: 10 })).toBeNull();
  });
});
