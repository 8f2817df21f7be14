import { readFile } from 'node:fs/promises';
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

/** The table scripts/zip-centres.mjs writes: US ZIP codes ascending, each one's latitude and longitude at 2i, 2i+1. */
type ZipCentres = { zips: number[]; centres: number[] };

/**
 * The table loads at its first look-up, not at start (decision 047), and as two arrays of numbers: one JSON.parse of
 * a few milliseconds, where the `zipcodes` package it is made from held the event loop for over a second.
 */
let zipCentres: Promise<ZipCentres> | undefined;
const loadZipCentres = () =>
  (zipCentres ??= readFile(new URL('./zip-centres.json', import.meta.url), 'utf8').then((text) => JSON.parse(text) as ZipCentres));

/** The centre of a five-digit ZIP code by binary search, or null when the table does not have it. */
export function zipCentre({ zips, centres }: ZipCentres, zip: string): GeocodedPlace | null {
  if (!/^\d{5}$/.test(zip)) return null;
  const wanted = Number(zip);
  for (let low = 0, high = zips.length - 1; low <= high; ) {
    const middle = (low + high) >> 1;
    const found = zips[middle]!;
    if (found === wanted) return { latitude: centres[2 * middle]!, longitude: centres[2 * middle + 1]! };
    if (found < wanted) low = middle + 1;
    else high = middle - 1;
  }
  return null;
}

/** The built-in default: the centre of the ZIP code from the table, no network. */
export const zipTableGeocoder: Geocoder = {
  async locateZip(zip) {
    return zipCentre(await loadZipCentres(), fiveDigitZip(zip));
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
