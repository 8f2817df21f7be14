import { describe, expect, it } from 'vitest';
import { agoText, distanceText } from './tracking-format.ts';

describe('tracking format', () => {
  it('says distances in miles, or feet when close', () => {
    expect(distanceText(3862)).toBe('2.4 mi');
    expect(distanceText(120)).toBe('390 ft');
    expect(distanceText(null)).toBeNull();
  });

  it('says how long ago a position was recorded', () => {
    const now = Date.parse('2099-01-05T17:00:00Z');
    expect(agoText('2099-01-05T16:59:50Z', now)).toBe('just now');
    expect(agoText('2099-01-05T16:57:00Z', now)).toBe('3 min ago');
    expect(agoText('2099-01-05T14:50:00Z', now)).toBe('2 h ago');
  });
});
