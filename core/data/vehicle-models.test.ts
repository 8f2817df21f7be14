import { describe, expect, it } from 'vitest';
import { vehicleTypes } from '../schemas/booking.ts';
import { modelsOfMake, vehicleMakeNames, vehicleMakes, vehicleTypeOf } from './vehicle-models.ts';

describe('vehicle models', () => {
  it('knows at least 25 makes and about 150 models, each once, with a known type', () => {
    expect(vehicleMakes.length).toBeGreaterThanOrEqual(25);
    const models = vehicleMakes.flatMap((entry) => entry.models);
    expect(models.length).toBeGreaterThanOrEqual(150);
    expect(new Set(vehicleMakeNames).size).toBe(vehicleMakeNames.length);
    for (const entry of vehicleMakes) {
      const names = entry.models.map((m) => m.model.toLowerCase());
      expect(new Set(names).size, entry.make).toBe(names.length);
      for (const model of entry.models) expect(vehicleTypes).toContain(model.vehicleType);
    }
    expect([...vehicleMakeNames]).toEqual([...vehicleMakeNames].sort((a, b) => a.localeCompare(b)));
  });

  it.each([
    ['Toyota', 'RAV4', 'SUV'],
    ['Ford', 'F-150', 'Truck'],
    ['Honda', 'Odyssey', 'Van'],
    ['Porsche', '911', 'Luxury/Sports'],
    ['Honda', 'Civic', 'Sedan'],
  ] as const)('finds %s %s as %s', (make, model, type) => {
    expect(vehicleTypeOf(make, model)).toBe(type);
  });

  it('ignores case, surrounding spaces and hyphens', () => {
    expect(vehicleTypeOf('  toyota ', 'rav4')).toBe('SUV');
    expect(vehicleTypeOf('FORD', 'f 150')).toBe('Truck');
    expect(vehicleTypeOf('mercedes benz', 'sprinter')).toBe('Van');
  });

  it('answers null for a car it does not know, and no models for an unknown make', () => {
    expect(vehicleTypeOf('Toyota', 'Flying Carpet')).toBeNull();
    expect(vehicleTypeOf('DeLorean', 'DMC-12')).toBeNull();
    expect(modelsOfMake('DeLorean')).toEqual([]);
    expect(modelsOfMake('toyota').map((m) => m.model)).toContain('Camry');
  });
});
