import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Detailer, DetailerWithServices } from '@core/schemas/catalog.ts';
import type { ServiceAreaCheck } from '@core/schemas/tracking.ts';
import { bookingEvents, bookings, detailers } from '../../server/db/schema.ts';
import { createAdmin, createDetailer } from '../factories/index.ts';
import { useBookingTestApp } from './booking-test-app.ts';
import { databaseKinds } from './test-app.ts';

// Service areas (decision 018): a detailer's base and radius, the public check, and bookings refused beyond it.
describe.each(databaseKinds)('service areas on %s', (kind) => {
  const t = useBookingTestApp(kind);
  const { call, quickCustomer, book } = t;
  const oaklandCentre = { latitude: 37.8071, longitude: -122.2851 };
  const newDetailer = () => createDetailer(t.ctx, { user: { password: undefined } });
  const putArea = (user: Parameters<typeof call>[0], body: object) => call(user, 'PUT', '/api/detailer/service-area', body);

  it('shows every detailer with their service area and vehicle in the catalog', async () => {
    const detailer = await newDetailer();
    await t.db.update(detailers).set({ vehicleDescription: 'White Ford Transit' }).where(eq(detailers.id, detailer.detailerId));
    t.ctx.catalogCache.clear();
    const one = (await call(null, 'GET', `/api/detailers/${detailer.detailerId}`)).json() as DetailerWithServices;
    expect(one).toMatchObject({
      serviceArea: { latitude: 37.78, longitude: -122.41, radiusMiles: 25 },
      vehicleDescription: 'White Ford Transit',
    });
    const listed = ((await call(null, 'GET', '/api/detailers')).json() as Detailer[]).find((d) => d.id === detailer.detailerId)!;
    expect(listed).toMatchObject({ serviceArea: one.serviceArea, vehicleDescription: 'White Ford Transit' });

    await t.db.update(detailers).set({ baseLatitude: null, baseLongitude: null }).where(eq(detailers.id, detailer.detailerId));
    t.ctx.catalogCache.clear();
    expect(((await call(null, 'GET', `/api/detailers/${detailer.detailerId}`)).json() as Detailer).serviceArea).toBeNull();
  });

  it('lets the signed-in detailer set their base by ZIP code and a radius of 1 to 100 miles', async () => {
    const detailer = await newDetailer();
    const customer = await quickCustomer();
    const admin = await createAdmin(t.ctx, { password: undefined });
    expect((await putArea(null, { zip: '94607', radiusMiles: 10 })).statusCode).toBe(401);
    expect((await putArea(customer, { zip: '94607', radiusMiles: 10 })).statusCode).toBe(403);
    expect((await putArea(admin, { zip: '94607', radiusMiles: 10 })).statusCode).toBe(403);

    const refused: Array<[object, string, string]> = [
      [{ zip: '94607', radiusMiles: 0 }, 'radiusMiles', 'Enter a whole number of miles from 1 to 100'],
      [{ zip: '94607', radiusMiles: 101 }, 'radiusMiles', 'Enter a whole number of miles from 1 to 100'],
      [{ zip: '94607', radiusMiles: 2.5 }, 'radiusMiles', 'Enter a whole number of miles from 1 to 100'],
      [{ zip: '94607', radiusMiles: '10' }, 'radiusMiles', 'Enter a whole number of miles from 1 to 100'],
      [{ zip: '9460', radiusMiles: 10 }, 'zip', 'Enter a 5-digit ZIP code (or ZIP+4)'],
      [{ radiusMiles: 10 }, 'zip', 'Enter a 5-digit ZIP code (or ZIP+4)'],
      [{ zip: '00000', radiusMiles: 10 }, 'zip', 'We could not find ZIP code 00000. Check it and try again.'],
    ];
    const before = await t.db.select().from(detailers).where(eq(detailers.id, detailer.detailerId));
    for (const [body, field, message] of refused) {
      const response = await putArea(detailer.user, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().fields[field]).toBe(message);
    }
    expect(await t.db.select().from(detailers).where(eq(detailers.id, detailer.detailerId))).toEqual(before);

    for (const radiusMiles of [1, 100]) expect((await putArea(detailer.user, { zip: '94607', radiusMiles })).statusCode).toBe(200);
    const saved = await putArea(detailer.user, { zip: ' 94607-1234 ', radiusMiles: 5 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...oaklandCentre, radiusMiles: 5 });
    // The catalog's cached answers follow at once.
    const profile = (await call(null, 'GET', `/api/detailers/${detailer.detailerId}`)).json() as Detailer;
    expect(profile.serviceArea).toEqual({ ...oaklandCentre, radiusMiles: 5 });
  });

  it('answers whether a detailer comes to a ZIP code, for anyone', async () => {
    const detailer = await newDetailer();
    await putArea(detailer.user, { zip: '94607', radiusMiles: 5 });
    const check = async (query: string) => call(null, 'GET', `/api/service-area/check?${query}`);
    const outside = (await check(`detailerId=${detailer.detailerId}&zip=94105`)).json() as ServiceAreaCheck;
    expect(outside).toEqual({ covered: false, distanceMiles: 5.9, radiusMiles: 5, detailerName: expect.stringMatching(/^Detailing /) });
    const inside = (await check(`detailerId=${detailer.detailerId}&zip=94607`)).json() as ServiceAreaCheck;
    expect(inside).toMatchObject({ covered: true, distanceMiles: 0, radiusMiles: 5 });

    await t.db.update(detailers).set({ baseLatitude: null, baseLongitude: null }).where(eq(detailers.id, detailer.detailerId));
    expect((await check(`detailerId=${detailer.detailerId}&zip=10001`)).json()).toMatchObject({
      covered: true,
      distanceMiles: null,
      radiusMiles: null,
    });

    expect((await check('detailerId=2147483647&zip=94105')).statusCode).toBe(404);
    for (const query of [
      `detailerId=${detailer.detailerId}`,
      `detailerId=${detailer.detailerId}&zip=abc`,
      'zip=94105',
      'detailerId=x&zip=94105',
    ]) {
      expect((await check(query)).statusCode, query).toBe(400);
    }
    const unknown = await check(`detailerId=${detailer.detailerId}&zip=00000`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.zip).toBe('We could not find ZIP code 00000. Check it and try again.');
  });

  it('refuses a booking outside the service area with 422 and stores nothing; inside, it stores where the job is', async () => {
    const detailer = await newDetailer();
    const customer = await quickCustomer();
    await putArea(detailer.user, { zip: '94607', radiusMiles: 5 });
    const ofDetailer = () => t.db.select().from(bookings).where(eq(bookings.detailerId, detailer.detailerId));
    const eventCount = async () => (await t.db.select().from(bookingEvents)).length;
    const events = await eventCount();

    const outside = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-24', '9:00 AM');
    expect(outside.status).toBe(422);
    expect(outside.body).toMatchObject({
      code: 'unprocessable',
      message: expect.stringMatching(
        /^This address is outside Detailing \w+'s service area: they come up to \d+ miles from their base, and this ZIP code is [\d.]+ miles away$/,
      ),
    });
    const unknownZip = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-24', '9:00 AM', { zip: '00000' });
    expect(unknownZip.status).toBe(400);
    expect(unknownZip.body.message).toBe('We could not find ZIP code 00000. Check it and try again.');
    expect(await ofDetailer()).toEqual([]);
    expect(await eventCount()).toBe(events);

    const inside = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-24', '9:00 AM', {
      zip: '94607',
      city: 'Oakland',
    });
    expect(inside.status).toBe(201);
    expect(await ofDetailer()).toMatchObject([{ id: inside.body.id, ...oaklandCentre }]);

    // A detailer with no base takes any address; the job is still located. Another day: New York is no drive from
    // that morning's Oakland job (issue 20's drive time).
    await t.db.update(detailers).set({ baseLatitude: null, baseLongitude: null }).where(eq(detailers.id, detailer.detailerId));
    const anywhere = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-25', '11:00 AM', {
      zip: '10001',
      city: 'New York',
    });
    expect(anywhere.status).toBe(201);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, anywhere.body.id));
    expect(row).toMatchObject({ latitude: 40.7484, longitude: -73.9967 });
  });

  it('gives the map no tile server by default', async () => {
    expect((await call(null, 'GET', '/api/map-config')).json()).toEqual({ tileUrl: null, attribution: null });
  });
});
