import { z } from 'zod';
import type { Coordinates } from '@core/domain/geo.ts';
import type { AppLog } from '../context.ts';
import type { Geocoder, StreetAddress } from './geocoder.ts';

export const geocoderTimeoutMs = 3_000;
/** Street answers kept in memory (oldest dropped first): a repeat address never asks the service again. */
export const geocoderCacheSize = 10_000;

/** Nominatim's /search answer: a list of places, best first, coordinates as decimal strings. */
const searchAnswerSchema = z.array(z.object({ lat: z.coerce.number().min(-90).max(90), lon: z.coerce.number().min(-180).max(180) }));

export type HttpGeocoderOptions = {
  /** The service's base address (GEOCODER_URL), without a trailing slash. */
  baseUrl: string;
  /** Who is asking, for the service's User-Agent: Nominatim's policy refuses anonymous clients. */
  contact: string;
  log: Pick<AppLog, 'warn'>;
  /** Asked when the service fails (down, slow, an answer we cannot read): a booking must not fail with it. */
  fallback: Geocoder;
  timeoutMs?: number;
  cacheSize?: number;
};

/** One form of an address for the cache: '1 Market St.' and ' 1 market st' are the same place. */
export function normalisedAddress({ address, city, zip }: StreetAddress): string {
  const part = (text: string) => text.toLowerCase().replace(/[.,#]/g, ' ').replace(/\s+/g, ' ').trim();
  return [part(address), part(city), zip.trim().slice(0, 5)].join('|');
}

/**
 * A Nominatim-compatible service: GET {base}/search?postalcode=&countrycodes=us&format=json&limit=1 for a ZIP code,
 * and the structured street=&city=&postalcode= for an address. An empty list means the service does not know it;
 * for a ZIP code the table is then asked too, since a self-hosted Nominatim often holds no postcodes of some states.
 * Street answers (a place or none) are cached by normalised address, as the usage policy requires; a failure is not
 * cached, so the next booking asks again.
 */
export function createHttpGeocoder(options: HttpGeocoderOptions): Geocoder {
  const { baseUrl, contact, log, fallback, timeoutMs = geocoderTimeoutMs, cacheSize = geocoderCacheSize } = options;
  const streets = new Map<string, Coordinates | null>();

  /** The service's first place for the query; null when it knows none; throws when it fails. */
  async function search(query: Record<string, string>): Promise<Coordinates | null> {
    const params = new URLSearchParams({ ...query, countrycodes: 'us', format: 'json', limit: '1' });
    const response = await fetch(`${baseUrl}/search?${params}`, {
      headers: { accept: 'application/json', 'user-agent': `Glossly (${contact})` },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`the geocoder answered ${response.status}`);
    const best = searchAnswerSchema.parse(await response.json())[0];
    return best ? { latitude: best.lat, longitude: best.lon } : null;
  }

  return {
    async locateZip(zip) {
      try {
        const place = await search({ postalcode: zip.trim().slice(0, 5) });
        if (place) return place;
      } catch (error) {
        log.warn({ err: error, zip }, 'geocoder failed: using the ZIP code table');
      }
      return fallback.locateZip(zip);
    },
    async locateStreet(place) {
      const key = normalisedAddress(place);
      if (streets.has(key)) {
        const known = streets.get(key)!;
        // Most recently used last: the bound drops the addresses not asked for longest.
        streets.delete(key);
        streets.set(key, known);
        return known;
      }
      try {
        const found = await search({ street: place.address.trim(), city: place.city.trim(), postalcode: place.zip.trim().slice(0, 5) });
        streets.set(key, found);
        if (streets.size > cacheSize) streets.delete(streets.keys().next().value!);
        return found;
      } catch (error) {
        log.warn({ err: error }, 'geocoder failed: using the ZIP code centre');
        return null;
      }
    },
  };
}
