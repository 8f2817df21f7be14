import { describe, expect, it } from 'vitest';
import { isWeatherSensitive, isWet, rainThresholdPercent, shouldFlagRain, weatherWindowAt, type Forecast } from './weather.ts';

const exterior = { name: 'Exterior', weatherSensitive: true };
const interior = { name: 'Interior', weatherSensitive: false };
const hour = 3_600_000;

describe('the rain rule', () => {
  const rain = (chance: number): Forecast => ({ condition: 'rain', precipitationChance: chance });

  it('flags rain at the threshold and above, not just below it', () => {
    expect(rainThresholdPercent).toBe(60);
    expect(shouldFlagRain(exterior, rain(59))).toBe(false);
    expect(shouldFlagRain(exterior, rain(60))).toBe(true);
    expect(shouldFlagRain(exterior, rain(100))).toBe(true);
  });

  it('counts snow as wet, and a clear day never is, whatever its chance', () => {
    expect(isWet({ condition: 'snow', precipitationChance: 75 })).toBe(true);
    expect(isWet({ condition: 'snow', precipitationChance: 10 })).toBe(false);
    expect(isWet({ condition: 'clear', precipitationChance: 100 })).toBe(false);
  });

  it('never flags interior services, even in a downpour or with the column left at its default', () => {
    expect(shouldFlagRain(interior, rain(100))).toBe(false);
    expect(shouldFlagRain({ name: ' interior ', weatherSensitive: true }, rain(100))).toBe(false);
    expect(isWeatherSensitive({ name: 'Full Detail', weatherSensitive: true })).toBe(true);
    expect(isWeatherSensitive({ name: 'Specialty', weatherSensitive: false })).toBe(false);
  });

  it('flags exterior, full detail and protection services', () => {
    for (const name of ['Exterior', 'Full Detail', 'Protection']) {
      expect(shouldFlagRain({ name, weatherSensitive: true }, { condition: 'snow', precipitationChance: 80 })).toBe(true);
    }
  });
});

describe('the check windows', () => {
  const start = new Date('2026-12-01T17:00:00Z');
  const at = (hoursBefore: number) => new Date(start.getTime() - hoursBefore * hour);

  it('checks 24 hours ahead, then 3 hours ahead, and not before, at or after the start', () => {
    expect(weatherWindowAt(start, at(24.01))).toBeNull();
    expect(weatherWindowAt(start, at(24))).toBe('24h');
    expect(weatherWindowAt(start, at(3.01))).toBe('24h');
    expect(weatherWindowAt(start, at(3))).toBe('3h');
    expect(weatherWindowAt(start, at(0.5))).toBe('3h');
    expect(weatherWindowAt(start, at(0))).toBeNull();
    expect(weatherWindowAt(start, at(-1))).toBeNull();
  });
});
