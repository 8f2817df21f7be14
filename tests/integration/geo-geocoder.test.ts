import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceArea } from '@core/schemas/tracking.ts';
import { createGeocoder, zipTableGeocoder } from '../../server/geo/geocoder.ts';
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

  it("asks the service by postal code and country, saying who asks, and takes its first place", async () => {
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

describe.each(databaseKinds)('the app with GEOCODER_URL and a tile server on %s', (kind) => {
  let service: Awaited<ReturnType<typeof startLoopbackService>>;
  let t: TestApp;
  const clock = createTestClock();
  const { call } = createCaller(() => t, clock);
  beforeAll(async () => {
    service = await startLoopbackService();
    t = await createTestApp(kind, {
      clock,
      env: { GEOCODER_URL: service.baseUrl, MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png', MAP_ATTRIBUTION: '© OpenStreetMap contributors' },
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
    expect(row).toMatchObject({ latitude: 37.7801, longitude: -122.4102 });
  });

  it('hands the map its tile server and credit line, to anyone', async () => {
    expect((await call(null, 'GET', '/api/map-config')).json()).toEqual({
      tileUrl: 'https://tiles.example/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
    });
  });
});
