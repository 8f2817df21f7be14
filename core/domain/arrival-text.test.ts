import { describe, expect, it } from 'vitest';
import { arrivalText, zipReachMeters } from './arrival-text.ts';

describe('arrivalText', () => {
  it('gives a street-precise place a minute, rounded up, or Arriving now', () => {
    expect(arrivalText({ seconds: 12 * 60, straightLineMeters: 6_000, precision: 'street' })).toBe('About 12 min away');
    expect(arrivalText({ seconds: 11 * 60 + 20, straightLineMeters: 6_000, precision: 'street' })).toBe('About 12 min away');
    expect(arrivalText({ seconds: 40, straightLineMeters: 300, precision: 'street' })).toBe('About 1 min away');
    expect(arrivalText({ seconds: 0, straightLineMeters: 0, precision: 'street' })).toBe('Arriving now');
    expect(arrivalText({ seconds: 75 * 60, straightLineMeters: 40_000, precision: 'street' })).toBe('About 1 h 15 min away');
  });

  it("never gives a ZIP code's centre a false minute: 'In your area' inside its reach, a range before", () => {
    // The case: 0.3 mi (480 m) from the centre of 94105, 'About 1 min away' before.
    expect(arrivalText({ seconds: 56, straightLineMeters: 480, precision: 'zip' })).toBe('In your area');
    expect(arrivalText({ seconds: 200, straightLineMeters: zipReachMeters, precision: 'zip' })).toBe('In your area');
    // 21 minutes to the centre: the address may be up to about 3 minutes either side of it.
    expect(arrivalText({ seconds: 21 * 60, straightLineMeters: 10_600, precision: 'zip' })).toBe('About 18–25 min away');
    expect(arrivalText({ seconds: 3 * 60, straightLineMeters: zipReachMeters + 10, precision: 'zip' })).toBe('About 1–7 min away');
    expect(arrivalText({ seconds: 70 * 60, straightLineMeters: 45_000, precision: 'zip' })).toBe('About 1 h 7 min – 1 h 14 min away');
  });
});
