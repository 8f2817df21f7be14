import { describe, expect, it } from 'vitest';
import {
  distanceMeters,
  etaMinutes,
  isArrivingSoon,
  metersToMiles,
  milesToMeters,
  serviceAreaVerdict,
  straightLineEstimate,
} from './geo.ts';

const ferryBuilding = { latitude: 37.7955, longitude: -122.3937 };
const oakland = { latitude: 37.8044, longitude: -122.2712 };

describe('geo', () => {
  it('measures San Francisco to Oakland as about 13.4 km, and a place to itself as 0', () => {
    const meters = distanceMeters({ latitude: 37.7749, longitude: -122.4194 }, oakland);
    expect(meters).toBeGreaterThan(13_300);
    expect(meters).toBeLessThan(13_500);
    expect(distanceMeters(oakland, oakland)).toBe(0);
  });

  it('measures one degree of latitude as about 111.2 km', () => {
    expect(distanceMeters({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(111_195, -2);
  });

  it('converts miles and meters both ways', () => {
    expect(milesToMeters(1)).toBe(1609.344);
    expect(metersToMiles(milesToMeters(25))).toBeCloseTo(25, 10);
  });

  it('estimates a drive as the straight line times 1.3 at 40 km/h', () => {
    // 10 km as the crow flies: 13 km of road, 13 / 40 h = 19.5 minutes.
    const tenKmNorth = { latitude: 10_000 / 111_195, longitude: 0 };
    const estimate = straightLineEstimate({ latitude: 0, longitude: 0 }, tenKmNorth);
    expect(estimate.meters).toBeCloseTo(13_000, -1);
    expect(estimate.seconds).toBeCloseTo(1170, -1);
    expect(etaMinutes(estimate.seconds)).toBe(20);
    expect(straightLineEstimate(oakland, oakland)).toEqual({ meters: 0, seconds: 0 });
  });

  it('rounds minutes up and never below zero', () => {
    expect(etaMinutes(0)).toBe(0);
    expect(etaMinutes(1)).toBe(1);
    expect(etaMinutes(300)).toBe(5);
    expect(etaMinutes(301)).toBe(6);
  });

  it('is arriving soon within 5 minutes or 500 m', () => {
    expect(isArrivingSoon({ seconds: 300, meters: 3000 }, 2000)).toBe(true);
    expect(isArrivingSoon({ seconds: 301, meters: 3000 }, 500)).toBe(true);
    expect(isArrivingSoon({ seconds: 301, meters: 3000 }, 501)).toBe(false);
  });

  it('says whether a place is inside a service area, the edge included', () => {
    const area = { ...ferryBuilding, radiusMiles: 5 };
    expect(serviceAreaVerdict(area, oakland)).toEqual({ covered: false, distanceMiles: 6.7 });
    expect(serviceAreaVerdict({ ...area, radiusMiles: 7 }, oakland).covered).toBe(true);
    expect(serviceAreaVerdict(area, ferryBuilding)).toEqual({ covered: true, distanceMiles: 0 });
  });
});
