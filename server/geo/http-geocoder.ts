import { z } from 'zod';
import type { AppLog } from '../context.ts';
import type { Geocoder } from './geocoder.ts';

export const geocoderTimeoutMs = 3_000;

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
};

/**
 * A Nominatim-compatible service: GET {base}/search?postalcode=&countrycodes=us&format=json&limit=1. An empty list
 * means the service does not know the code; then the table is asked too, since a self-hosted Nominatim often holds
 * no postcodes of some states.
 */
export function createHttpGeocoder(options: HttpGeocoderOptions): Geocoder {
  const { baseUrl, contact, log, fallback, timeoutMs = geocoderTimeoutMs } = options;
  return {
    async locateZip(zip) {
      const query = new URLSearchParams({ postalcode: zip.trim().slice(0, 5), countrycodes: 'us', format: 'json', limit: '1' });
      try {
        const response = await fetch(`${baseUrl}/search?${query}`, {
          headers: { accept: 'application/json', 'user-agent': `Glossly (${contact})` },
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) throw new Error(`the geocoder answered ${response.status}`);
        const places = searchAnswerSchema.parse(await response.json());
        const best = places[0];
        if (best) return { latitude: best.lat, longitude: best.lon };
      } catch (error) {
        log.warn({ err: error, zip }, 'geocoder failed: using the ZIP code table');
      }
      return fallback.locateZip(zip);
    },
  };
}
