import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { zipCentre } from '../server/geo/geocoder.ts';
// @ts-expect-error: a plain .mjs script without type declarations.
import { zipCentresFromPackage, zipCentresPath } from './zip-centres.mjs';

type Place = { zip: string; latitude: number; longitude: number; country: string };
const table = JSON.parse(readFileSync(zipCentresPath, 'utf8')) as { zips: number[]; centres: number[] };
const zipcodes = createRequire(import.meta.url)('zipcodes') as { codes: Record<string, Place>; lookup(zip: string): Place | undefined };

describe('the offline geocoder’s ZIP table (server/geo/zip-centres.json)', () => {
  it('is what scripts/zip-centres.mjs makes of the zipcodes package now (run `npm run zip-centres` after an update)', () => {
    expect(table).toEqual(zipCentresFromPackage());
  });

  it('gives every US ZIP code the centre the package gives it', () => {
    const usCodes = Object.values(zipcodes.codes).filter((place) => place.country === 'US' && /^\d{5}$/.test(place.zip));
    expect(usCodes.length).toBeGreaterThan(40_000);
    const differing = usCodes.filter((place) => {
      const centre = zipCentre(table, place.zip);
      return centre?.latitude !== place.latitude || centre.longitude !== place.longitude;
    });
    expect(differing.map((place) => place.zip)).toEqual([]);
  });

  it('knows the first and last codes, and nothing that is not a known five-digit US code', () => {
    expect(zipCentre(table, '00501')).toEqual({
      latitude: zipcodes.lookup('00501')!.latitude,
      longitude: zipcodes.lookup('00501')!.longitude,
    });
    const last = String(table.zips.at(-1)).padStart(5, '0');
    expect(zipCentre(table, last)).not.toBeNull();
    for (const unknown of ['00000', '99999', '501', '9410', 'K1A0B', 'abcde', '']) expect(zipCentre(table, unknown)).toBeNull();
  });
});
