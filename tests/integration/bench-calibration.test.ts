import { describe, expect, it } from 'vitest';
import { calibratedSlowdown } from '../../bench/lighthouse.ts';

// Lighthouse's throttling guide: the CPU slowdown that makes a host of a given benchmark index behave like the
// mid-range phone its default 4x assumes. The points it publishes, and no speed-up on a host slower than the phone.
describe('the calibrated CPU slowdown', () => {
  it.each([
    [800, 2],
    [1300, 3],
    [1533, 4],
    [1766, 5],
    [2000, 6],
  ])('gives index %i a %ix slowdown', (index, slowdown) => {
    expect(calibratedSlowdown(index)).toBeCloseTo(slowdown, 1);
  });

  it('grows with the host and never goes below 1x', () => {
    expect(calibratedSlowdown(3500)).toBeGreaterThan(calibratedSlowdown(3200));
    expect(calibratedSlowdown(3500)).toBeCloseTo(12.4, 1);
    expect(calibratedSlowdown(200)).toBe(1);
  });
});
