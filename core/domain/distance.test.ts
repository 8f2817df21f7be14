import { describe, expect, it } from 'vitest';
import { defaultCity, distanceMiles } from './distance.ts';

describe('distanceMiles', () => {
  it('is zero from a place to itself', () => {
    expect(distanceMiles(defaultCity, defaultCity)).toBe(0);
  });

  it('measures San Francisco to Oakland as about 8.3 miles', () => {
    expect(distanceMiles(defaultCity, { latitude: 37.8044, longitude: -122.2712 })).toBe(8.3);
  });
});
