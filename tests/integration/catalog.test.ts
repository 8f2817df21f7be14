import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceAreaVerdict } from '@core/domain/geo.ts';
import type { Detailer } from '@core/schemas/catalog.ts';
import { detailers, services } from '../../server/db/schema.ts';
import { seedDatabase } from '../../server/seed/seed.ts';
import { createTestApp, databaseKinds, type TestApp } from './test-app.ts';

describe.each(databaseKinds)('catalog API on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedDatabase(t.ctx);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('lists categories as {id, name}', async () => {
    const response = await get('/api/service-categories');
    expect(response.statusCode).toBe(200);
    expect(response.json().map((c: { name: string }) => c.name)).toEqual([
      'Exterior',
      'Interior',
      'Full Detail',
      'Protection',
      'Specialty',
    ]);
  });

  it('serves the four sample services with their exact prices and durations, in dollars from cents', async () => {
    const services = (await get('/api/services')).json();
    const byName = Object.fromEntries(services.map((s: { name: string }) => [s.name, s]));
    expect(byName['Basic Exterior Wash']).toMatchObject({ price: 59, priceCents: 5900, duration: 45 });
    expect(byName['Full Interior Detail']).toMatchObject({ price: 129, duration: 120 });
    expect(byName['Complete Detail Package']).toMatchObject({ price: 199, duration: 180 });
    expect(byName['Ceramic Coating']).toMatchObject({ price: 399, duration: 300 });
  });

  it('filters services by category', async () => {
    const categories = (await get('/api/service-categories')).json();
    const interior = categories.find((c: { name: string }) => c.name === 'Interior');
    const services = (await get(`/api/services?categoryId=${interior.id}`)).json();
    expect(services.length).toBeGreaterThan(0);
    expect(services.every((s: { categoryId: number }) => s.categoryId === interior.id)).toBe(true);
  });

  it('tags the services list with a weak ETag: the same list answers 304 with no body, a changed one a new tag', async () => {
    const first = await get('/api/services');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]{22}"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    // The security headers stay on the catalog's answer.
    expect(first.headers['content-security-policy']).toContain("default-src 'self'");

    const again = await t.app.inject({ method: 'GET', url: '/api/services', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const listed = await t.app.inject({ method: 'GET', url: '/api/services', headers: { 'if-none-match': `W/"other", ${etag}` } });
    expect(listed.statusCode).toBe(304);
    const stale = await t.app.inject({ method: 'GET', url: '/api/services', headers: { 'if-none-match': 'W/"other"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual(first.json());

    // A compressed answer carries the same list and tag.
    const gzipped = await t.app.inject({ method: 'GET', url: '/api/services', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.etag).toBe(etag);
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(first.json());

    // A changed catalog (an admin's edit clears the cache) gets a new tag, and the old one a 200 with the change.
    const [service] = await t.db.select().from(services).orderBy(services.id).limit(1);
    await t.db
      .update(services)
      .set({ name: `${service!.name} (renamed)` })
      .where(eq(services.id, service!.id));
    t.ctx.catalogCache.clear();
    try {
      const changed = await t.app.inject({ method: 'GET', url: '/api/services', headers: { 'if-none-match': etag } });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(changed.json().find((s: { id: number }) => s.id === service!.id).name).toBe(`${service!.name} (renamed)`);
    } finally {
      await t.db.update(services).set({ name: service!.name }).where(eq(services.id, service!.id));
      t.ctx.catalogCache.clear();
    }
  });

  it('refuses an unknown or malformed category with a 400 naming the problem', async () => {
    const unknown = await get('/api/services?categoryId=9999');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown category 9999');
    const malformed = await get('/api/services?categoryId=abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('categoryId must be a positive whole number');
  });

  it('answers one service, 404 for a missing one and 400 for a non-numeric id', async () => {
    expect((await get('/api/services/1')).json()).toMatchObject({ id: 1, name: 'Basic Exterior Wash' });
    const missing = await get('/api/services/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Service not found');
    expect((await get('/api/services/abc')).statusCode).toBe(400);
  });

  it('lists at least six detailers with business names, ratings, labels, avatars and starting prices', async () => {
    const detailers = (await get('/api/detailers')).json();
    expect(detailers.length).toBeGreaterThanOrEqual(6);
    for (const detailer of detailers) {
      expect(detailer.businessName).toBeTruthy();
      expect(detailer.rating).toBeGreaterThan(0);
      expect(detailer.reviewCount).toBeGreaterThan(0);
      expect(detailer.services.length).toBeGreaterThan(0);
      expect(detailer.avatarUrl).toMatch(/^\/images\/detailers\/.+\.svg$/);
      expect(typeof detailer.startingPrice).toBe('number');
      expect(typeof detailer.distanceMiles).toBe('number');
    }
    expect(detailers[0].startingPrice).toBe(59);
  });

  it('gives every seed detailer a vehicle and a service area covering downtown San Francisco, where the demo books', async () => {
    const downtown = { latitude: 37.7864, longitude: -122.3892 };
    for (const detailer of (await get('/api/detailers')).json() as Detailer[]) {
      expect(detailer.vehicleDescription, detailer.businessName).toBeTruthy();
      expect(detailer.serviceArea, detailer.businessName).not.toBeNull();
      expect(serviceAreaVerdict(detailer.serviceArea!, downtown).covered, detailer.businessName).toBe(true);
    }
  });

  it('fills in the vehicle and base of a database seeded before they existed, never what a detailer set', async () => {
    const [gloss] = await t.db.select().from(detailers).where(eq(detailers.businessName, 'Gloss Boss Mobile Detailing'));
    const [sparkle] = await t.db.select().from(detailers).where(eq(detailers.businessName, 'Sparkle Squad'));
    await t.db
      .update(detailers)
      .set({ vehicleDescription: '', baseLatitude: null, baseLongitude: null })
      .where(eq(detailers.id, gloss!.id));
    await t.db.update(detailers).set({ vehicleDescription: 'Their own van' }).where(eq(detailers.id, sparkle!.id));
    await seedDatabase(t.ctx);
    const [filled] = await t.db.select().from(detailers).where(eq(detailers.id, gloss!.id));
    expect(filled).toMatchObject({
      vehicleDescription: gloss!.vehicleDescription,
      baseLatitude: gloss!.baseLatitude,
      baseLongitude: gloss!.baseLongitude,
    });
    const [kept] = await t.db.select().from(detailers).where(eq(detailers.id, sparkle!.id));
    expect(kept!.vehicleDescription).toBe('Their own van');
    await t.db.update(detailers).set({ vehicleDescription: sparkle!.vehicleDescription }).where(eq(detailers.id, sparkle!.id));
    t.ctx.catalogCache.clear();
  });

  it('lists only the detailers offering a service', async () => {
    const ceramic = (await get('/api/services')).json().find((s: { name: string }) => s.name === 'Ceramic Coating');
    const offering = (await get(`/api/detailers?serviceId=${ceramic.id}`)).json();
    const all = (await get('/api/detailers')).json();
    expect(offering.length).toBeGreaterThan(0);
    expect(offering.length).toBeLessThan(all.length);
    for (const detailer of offering) {
      const profile = (await get(`/api/detailers/${detailer.id}`)).json();
      expect(profile.offeredServices.map((s: { id: number }) => s.id)).toContain(ceramic.id);
    }
  });

  it('measures distance from a shared location, and refuses half a location', async () => {
    const nearOakland = (await get('/api/detailers?lat=37.8044&lng=-122.2712')).json();
    const shineOn = nearOakland.find((d: { businessName: string }) => d.businessName === 'Shine On Auto Spa');
    expect(shineOn.distanceMiles).toBe(0);
    const half = await get('/api/detailers?lat=37.8');
    expect(half.statusCode).toBe(400);
    expect(half.json().message).toBe('lat and lng must be given together');
  });

  it('answers one detailer with the services it offers, and 404 for a missing one', async () => {
    const profile = (await get('/api/detailers/1')).json();
    expect(profile.businessName).toBe('Gloss Boss Mobile Detailing');
    expect(profile.offeredServices.length).toBeGreaterThanOrEqual(4);
    expect((await get('/api/detailers/424242')).statusCode).toBe(404);
  });

  it('seeding again changes nothing', async () => {
    const before = (await get('/api/services')).json().length;
    await seedDatabase(t.ctx, { force: true });
    expect((await get('/api/services')).json()).toHaveLength(before);
    expect((await get('/api/detailers')).json()).toHaveLength(8);
  });

  it('sends the security headers on every answer', async () => {
    const response = await get('/api/services');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await get('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
  });
});
