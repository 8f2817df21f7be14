import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceArea } from '@core/schemas/tracking.ts';
import { createGeocoder, locateJobPlaceOrRefuse, zipTableGeocoder } from '../../server/geo/geocoder.ts';
import { createHttpGeocoder } from '../../server/geo/http-geocoder.ts';
import { bookings } from '../../server/db/schema.ts';
import { createCustomer, createDetailer } from '../factories/index.ts';
import { createCaller, createTestApp, createTestClock, databaseKinds, type TestApp } from './test-app.ts';
import { startLoopbackService } from './geo-loopback-service.ts';

// Geocoding (decision 018): the ZIP code table by default, a Nominatim-compatible service on loopback when set.
const sanFrancisco94105 = { latitude: 37.7864, longitude: -122.3892 };
/** Nominatim's answer: a list of places with coordinates as strings. */
const nominatimPlace = (lat: string, lon: string) => [
  { place_id: 1, lat, lon, display_name: '94105, San Francisco, California, United States', class: 'place', type: 'postcode' },
];

describe('geocoders', () => {
  let service: Awaited<ReturnType<typeof startLoopbackService>>;
  const warnings: string[] = [];
  const log = { warn: (_object: object, message: string) => void warnings.push(message) };
  beforeAll(async () => {
    service = await startLoopbackService();
  });
  afterAll(() => service.close());

  it('finds a ZIP code (or ZIP+4) in the table by default, and null for an unknown one', async () => {
    const config = { GEOCODER_URL: undefined, PUBLIC_URL: 'http://localhost:3000' };
    expect(createGeocoder(config, log)).toBe(zipTableGeocoder);
    expect(await zipTableGeocoder.locateZip('94105')).toEqual(sanFrancisco94105);
    expect(await zipTableGeocoder.locateZip('94105-1234')).toEqual(sanFrancisco94105);
    expect(await zipTableGeocoder.locateZip('00000')).toBeNull();
  });

  it('asks the service by postal code and country, saying who asks, and takes its first place', async () => {
    service.answerJson(200, nominatimPlace('37.78930', '-122.39410'));
    const geocoder = createGeocoder({ GEOCODER_URL: service.baseUrl, PUBLIC_URL: 'https://glossly.example' }, log);
    expect(await geocoder.locateZip('94105-1234')).toEqual({ latitude: 37.7893, longitude: -122.3941 });
    const request = service.requests.at(-1)!;
    expect(request.url).toBe('/search?postalcode=94105&countrycodes=us&format=json&limit=1');
    expect(request.headers['user-agent']).toBe('Glossly (https://glossly.example)');
  });

  it('falls back to the table when the service knows nothing, fails or is slow, and logs the failures', async () => {
    const geocoder = createHttpGeocoder({ baseUrl: service.baseUrl, contact: 'test', log, fallback: zipTableGeocoder, timeoutMs: 200 });
    service.answerJson(200, []);
    warnings.length = 0;
    expect(await geocoder.locateZip('94105')).toEqual(sanFrancisco94105);
    expect(await geocoder.locateZip('00000')).toBeNull();
    expect(warnings).toEqual([]);

    const failures = [
      () => service.answerJson(503, { error: 'busy' }),
      () => service.answerJson(200, '<html>'),
      () => service.answerJson(200, nominatimPlace('north', 'west')),
      () => service.answerJson(200, nominatimPlace('91', '0')),
      () => service.hang(),
    ];
    for (const fail of failures) {
      fail();
      warnings.length = 0;
      expect(await geocoder.locateZip('94105')).toEqual(sanFrancisco94105);
      expect(warnings).toEqual(['geocoder failed: using the ZIP code table']);
    }
  });
});

describe('street addresses (issue 37)', () => {
  let service: Awaited<ReturnType<typeof startLoopbackService>>;
  const log = { warn: () => undefined };
  const market = { address: '1 Market St', city: 'San Francisco', zip: '94105' };
  beforeAll(async () => {
    service = await startLoopbackService();
  });
  afterAll(() => service.close());

  it('asks the service by street, city and ZIP code, and says the place is street-precise', async () => {
    const geocoder = createHttpGeocoder({ baseUrl: service.baseUrl, contact: 'https://glossly.example', log, fallback: zipTableGeocoder });
    service.answerJson(200, nominatimPlace('37.79410', '-122.39490'));
    expect(await locateJobPlaceOrRefuse(geocoder, market)).toEqual({ latitude: 37.7941, longitude: -122.3949, precision: 'street' });
    expect(service.requests.at(-1)!.url).toBe(
      '/search?street=1+Market+St&city=San+Francisco&postalcode=94105&countrycodes=us&format=json&limit=1',
    );
  });

  it('asks once per address (its usage policy), by the normalised address, within a bound; a failure is asked again', async () => {
    const geocoder = createHttpGeocoder({
      baseUrl: service.baseUrl,
      contact: 'test',
      log,
      fallback: zipTableGeocoder,
      cacheSize: 2,
      timeoutMs: 500,
    });
    service.answerJson(200, nominatimPlace('37.7941', '-122.3949'));
    const before = service.requests.length;
    await geocoder.locateStreet(market);
    await geocoder.locateStreet({ address: ' 1 market st. ', city: 'SAN FRANCISCO', zip: '94105-1234' });
    expect(service.requests.length - before).toBe(1);
    // An address the service does not know is remembered as such too.
    service.answerJson(200, []);
    expect(await geocoder.locateStreet({ ...market, address: '999 Nowhere Ln' })).toBeNull();
    expect(await geocoder.locateStreet({ ...market, address: '999 Nowhere Ln' })).toBeNull();
    expect(service.requests.length - before).toBe(2);
    // A third address pushes out the one asked for longest ago (1 Market St was used before 999 Nowhere Ln).
    await geocoder.locateStreet({ ...market, address: '2 Main St' });
    await geocoder.locateStreet(market);
    expect(service.requests.length - before).toBe(4);
    // A failure is not remembered: the ZIP code's centre this time, the service again next time.
    service.answerJson(503, { error: 'busy' });
    expect(await locateJobPlaceOrRefuse(geocoder, { ...market, address: '3 Main St' })).toEqual({ ...sanFrancisco94105, precision: 'zip' });
    service.answerJson(200, nominatimPlace('37.79', '-122.39'));
    expect(await locateJobPlaceOrRefuse(geocoder, { ...market, address: '3 Main St' })).toMatchObject({ precision: 'street' });
  });

  it('gives the ZIP code centre, said so, where only the table is configured, and refuses an unknown ZIP code', async () => {
    expect(await locateJobPlaceOrRefuse(zipTableGeocoder, market)).toEqual({ ...sanFrancisco94105, precision: 'zip' });
    await expect(locateJobPlaceOrRefuse(zipTableGeocoder, { ...market, zip: '00000' })).rejects.toMatchObject({
      status: 400,
      fields: { zip: 'We could not find ZIP code 00000. Check it and try again.' },
    });
  });
});

describe.each(databaseKinds)('the app with GEOCODER_URL and a tile server on %s', (kind) => {
  let service: Awaited<ReturnType<typeof startLoopbackService>>;
  let t: TestApp;
  const clock = createTestClock();
  const { call } = createCaller(() => t, clock);
  beforeAll(async () => {
    service = await startLoopbackService();
    t = await createTestApp(kind, {
      clock,
      env: {
        GEOCODER_URL: service.baseUrl,
        MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png',
        MAP_ATTRIBUTION: '© OpenStreetMap contributors',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await service.close();
  });

  it("locates bookings and service areas with the service's answer", async () => {
    const detailer = await createDetailer(t.ctx, { user: { password: undefined } });
    const customer = await createCustomer(t.ctx, { password: undefined });
    service.answerJson(200, nominatimPlace('37.79', '-122.4'));
    const area = await call(detailer.user, 'PUT', '/api/detailer/service-area', { zip: '94105', radiusMiles: 3 });
    expect(area.json()).toEqual({ latitude: 37.79, longitude: -122.4, radiusMiles: 3 } satisfies ServiceArea);

    service.answerJson(200, nominatimPlace('37.7801', '-122.4102'));
    const created = await call(customer, 'POST', '/api/bookings', {
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
      vehicleType: 'Sedan',
      date: '2026-11-24',
      time: '9:00 AM',
      address: '1 Market St',
      city: 'San Francisco',
      zip: '94105',
    });
    expect(created.statusCode, created.body).toBe(201);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, created.json().id));
    expect(row).toMatchObject({ latitude: 37.7801, longitude: -122.4102, placePrecision: 'street' });
  });

  it('hands the map its tile server and credit line, to anyone', async () => {
    expect((await call(null, 'GET', '/api/map-config')).json()).toEqual({
      tileUrl: 'https://tiles.example/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
    });
  });
});
