import { badRequest } from '@core/errors.ts';
import type { Coordinates } from '@core/domain/geo.ts';
import type { Config } from '../config.ts';
import type { AppLog } from '../context.ts';
import { createHttpGeocoder } from './http-geocoder.ts';

/** Where a ZIP code is: its centre (the table) or the service's best match. */
export type GeocodedPlace = Coordinates;

/**
 * Turns a US ZIP code into coordinates: the job's location at booking time and a detailer's base. Null when the
 * code is unknown. One interface with the offline default (the ZIP code table) and a service chosen by
 * GEOCODER_URL, as payments has its gateways.
 */
export interface Geocoder {
  locateZip(zip: string): Promise<GeocodedPlace | null>;
  /** The street address's own place; null when the geocoder knows no streets (the table) or not this address. */
  locateStreet(place: StreetAddress): Promise<GeocodedPlace | null>;
}

/** A job's address as the booking form takes it. */
export type StreetAddress = { address: string; city: string; zip: string };

/** How exact a job's place is: its street address's, or only its ZIP code's centre (bookings.place_precision). */
export type PlacePrecision = 'street' | 'zip';
export type JobPlace = GeocodedPlace & { precision: PlacePrecision };

/** The five digits of a ZIP or ZIP+4 code: both the table and the services know ZIP codes by those. */
export const fiveDigitZip = (zip: string) => zip.trim().slice(0, 5);

/**
 * The table loads at its first look-up, not at start: its 40,000 places cost a start a second on a busy machine
 * (decision 047).
 */
let zipTable: Promise<(typeof import('zipcodes'))['default']> | undefined;
const loadZipTable = () => (zipTable ??= import('zipcodes').then((module) => module.default));

/** The built-in default: the centroid of the ZIP code from the `zipcodes` table, no network. */
export const zipTableGeocoder: Geocoder = {
  async locateZip(zip) {
    const found = (await loadZipTable()).lookup(fiveDigitZip(zip));
    return found ? { latitude: found.latitude, longitude: found.longitude } : null;
  },
  async locateStreet() {
    return null;
  },
};

/**
 * The geocoder the configuration chose: the service at GEOCODER_URL (falling back to the table), or the table. Built
 * once per app in buildApp (`ctx.geocoder`): its cache of answers (the service's usage policy requires one) lives as
 * long as the app.
 */
export function createGeocoder(config: Pick<Config, 'GEOCODER_URL' | 'PUBLIC_URL'>, log: Pick<AppLog, 'warn'>): Geocoder {
  if (!config.GEOCODER_URL) return zipTableGeocoder;
  return createHttpGeocoder({ baseUrl: config.GEOCODER_URL, contact: config.PUBLIC_URL, log, fallback: zipTableGeocoder });
}

/** The message of a ZIP code no geocoder knows; the form shows it under the ZIP field. */
export const unknownZipMessage = (zip: string) => `We could not find ZIP code ${fiveDigitZip(zip)}. Check it and try again.`;

/**
 * Where a ZIP code is, or a 400 naming the field: a place we cannot locate can be neither checked against a service
 * area nor shown on a map, and a mistyped code is by far the likeliest cause, which the person can fix at once.
 */
export async function locateZipOrRefuse(geocoder: Geocoder, zip: string): Promise<GeocodedPlace> {
  const place = await geocoder.locateZip(zip);
  if (!place) throw badRequest(unknownZipMessage(zip), { zip: unknownZipMessage(zip) });
  return place;
}

/**
 * Where a job is, as exactly as known (issue 37): the street address where a geocoder finds it, else the ZIP code's
 * centre, said so by `precision` (the customer's arrival estimate then says 'in your area' or a range, never a false
 * minute). A 400 naming the ZIP field when neither is found. Booking creation calls it with the form's address.
 */
export async function locateJobPlaceOrRefuse(geocoder: Geocoder, place: StreetAddress): Promise<JobPlace> {
  const street = await geocoder.locateStreet(place);
  if (street) return { ...street, precision: 'street' };
  return { ...(await locateZipOrRefuse(geocoder, place.zip)), precision: 'zip' };
}
