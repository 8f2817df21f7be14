import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AdminCategory, AdminService, AdminServicesResponse } from '@core/schemas/admin-catalog.ts';
import type { Service, ServiceCategory } from '@core/schemas/catalog.ts';
import { serviceCategories, services } from '../../server/db/schema.ts';
import { createMemoryStorage } from '../../server/storage/object-storage.ts';
import { createUpload } from '../../server/uploads/upload-service.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { createApiCaller, type ApiMethod } from '../factories/api-caller.ts';
import { createAdmin, createCustomer, createDetailer } from '../factories/index.ts';
import { tinyJpeg } from '../factories/proof-of-service.ts';
import { createTestApp, createTestClock, databaseKinds, type TestApp } from './test-app.ts';

/** /admin/services (issue 19): categories and every detailer's services, admins only, seen by customers at once. */
describe.each(databaseKinds)('admin catalog on %s', (kind) => {
  let t: TestApp;
  let admin: UserRow;
  const clock = createTestClock();
  const api = createApiCaller(() => t, clock);
  const storage = createMemoryStorage();

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    admin = await createAdmin(t.ctx, { password: undefined });
  });
  afterAll(() => t.close());

  const ok = async <T>(user: UserRow | null, method: ApiMethod, url: string, body?: object) => {
    const response = await api(user, method, url, body);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.json<T>();
  };
  const publicCategories = () => ok<ServiceCategory[]>(null, 'GET', '/api/service-categories');
  const publicServices = () => ok<Service[]>(null, 'GET', '/api/services');
  const categoryRow = async (id: number) => (await t.db.select().from(serviceCategories).where(eq(serviceCategories.id, id)))[0]!;
  const create = async (name: string) =>
    (await ok<AdminCategory[]>(admin, 'POST', '/api/admin/categories', { name })).find((c) => c.name === name)!;

  it('refuses every admin route to customers and detailers (403) and signed-out callers (401), changing nothing', async () => {
    const customer = await createCustomer(t.ctx, { password: undefined });
    const detailer = await createDetailer(t.ctx);
    const routes: [ApiMethod, string, object?][] = [
      ['GET', '/api/admin/categories'],
      ['POST', '/api/admin/categories', { name: 'Sneaky' }],
      ['PATCH', `/api/admin/categories/${detailer.categoryId}`, { isHidden: true }],
      ['POST', `/api/admin/categories/${detailer.categoryId}/move`, { direction: 'up' }],
      ['GET', '/api/admin/services'],
      ['PATCH', `/api/admin/services/${detailer.serviceId}`, { name: 'Hijacked' }],
      ['POST', `/api/admin/services/${detailer.serviceId}/pause`],
      ['POST', `/api/admin/services/${detailer.serviceId}/resume`],
    ];
    for (const [method, url, body] of routes) {
      expect((await api(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await api(customer, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await api(detailer.user, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      // Even a malformed body or id is refused for the role first.
      expect((await api(customer, method, url.replace(/\d+/, 'abc'), { name: 1 })).statusCode, `${method} ${url}`).toBe(403);
    }
    const [service] = await t.db.select().from(services).where(eq(services.id, detailer.serviceId));
    expect(service).toMatchObject({ pausedAt: null, name: expect.stringMatching(/^Wash /) });
    expect(await categoryRow(detailer.categoryId)).toMatchObject({ hiddenAt: null });
    expect((await publicCategories()).some((c) => c.name === 'Sneaky')).toBe(false);
  });

  it('creates a category last, refuses a duplicate name whatever the case (409) and bad names (400)', async () => {
    const made = await create('Headlights');
    const all = await ok<AdminCategory[]>(admin, 'GET', '/api/admin/categories');
    expect(all.at(-1)).toMatchObject({ id: made.id, isHidden: false, serviceCount: 0 });
    expect((await publicCategories()).at(-1)).toEqual({ id: made.id, name: 'Headlights' });

    const duplicate = await api(admin, 'POST', '/api/admin/categories', { name: 'HEADLIGHTS' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('A category named "HEADLIGHTS" already exists. Choose another name.');
    for (const name of ['', 'x', 'y'.repeat(41), 42]) {
      const bad = await api(admin, 'POST', '/api/admin/categories', { name });
      expect(bad.statusCode, String(name)).toBe(400);
      expect(bad.json().fields).toHaveProperty('name');
    }
    // Two admins naming the same category at once: one wins.
    const race = await Promise.all([0, 1, 2].map(() => api(admin, 'POST', '/api/admin/categories', { name: 'Race Category' })));
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await t.db.select().from(serviceCategories).where(eq(serviceCategories.name, 'Race Category'))).toHaveLength(1);
  });

  it('renames and reorders, visible in the public catalog at once (its cache is cleared)', async () => {
    const a = await create('Alpha Care');
    const b = await create('Beta Care');
    // Warm the cache, then change.
    await publicCategories();
    await ok(admin, 'PATCH', `/api/admin/categories/${a.id}`, { name: 'Alpha Shine' });
    expect((await publicCategories()).find((c) => c.id === a.id)?.name).toBe('Alpha Shine');

    await ok(admin, 'POST', `/api/admin/categories/${b.id}/move`, { direction: 'up' });
    const names = (await publicCategories()).map((c) => c.name);
    expect(names.indexOf('Beta Care')).toBe(names.indexOf('Alpha Shine') - 1);

    const first = (await ok<AdminCategory[]>(admin, 'GET', '/api/admin/categories'))[0]!;
    const atTop = await api(admin, 'POST', `/api/admin/categories/${first.id}/move`, { direction: 'up' });
    expect(atTop.statusCode).toBe(409);
    expect(atTop.json().message).toBe('This category is already first.');
    expect((await api(admin, 'POST', `/api/admin/categories/${b.id}/move`, { direction: 'sideways' })).statusCode).toBe(400);
    expect((await api(admin, 'POST', '/api/admin/categories/999999/move', { direction: 'up' })).statusCode).toBe(404);
    expect((await api(admin, 'PATCH', '/api/admin/categories/999999', { name: 'Ghost' })).statusCode).toBe(404);
    const taken = await api(admin, 'PATCH', `/api/admin/categories/${a.id}`, { name: 'beta care' });
    expect(taken.statusCode).toBe(409);
    expect((await categoryRow(a.id)).name).toBe('Alpha Shine');
    expect((await api(admin, 'PATCH', `/api/admin/categories/${a.id}`, {})).json().message).toBe('Nothing to change');
  });

  it('hides a category and its services from the catalog and booking at once, and shows them again', async () => {
    const detailer = await createDetailer(t.ctx);
    const customer = await createCustomer(t.ctx, { password: undefined });
    expect((await publicServices()).some((s) => s.id === detailer.serviceId)).toBe(true);

    const hidden = await ok<AdminCategory[]>(admin, 'PATCH', `/api/admin/categories/${detailer.categoryId}`, { isHidden: true });
    expect(hidden.find((c) => c.id === detailer.categoryId)).toMatchObject({ isHidden: true, serviceCount: 1 });
    expect((await publicCategories()).some((c) => c.id === detailer.categoryId)).toBe(false);
    expect((await publicServices()).some((s) => s.id === detailer.serviceId)).toBe(false);
    expect(await ok<Service[]>(null, 'GET', `/api/services?categoryId=${detailer.categoryId}`)).toEqual([]);
    expect((await api(null, 'GET', `/api/services/${detailer.serviceId}`)).statusCode).toBe(404);
    const detailerPage = await ok<{ offeredServices: Service[] }>(null, 'GET', `/api/detailers/${detailer.detailerId}`);
    expect(detailerPage.offeredServices).toEqual([]);
    const booking = await api(customer, 'POST', '/api/bookings', {
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
      vehicleType: 'Sedan',
      date: '2026-11-24',
      time: '10:00 AM',
      address: '1 Market St',
      city: 'San Francisco',
      zip: '94105',
    });
    expect(booking.statusCode).toBe(409);
    // Admins still see it, marked.
    const listed = await ok<AdminServicesResponse>(admin, 'GET', `/api/admin/services?categoryId=${detailer.categoryId}`);
    expect(listed.services.map((s) => [s.id, s.isCategoryHidden])).toEqual([[detailer.serviceId, true]]);

    await ok(admin, 'PATCH', `/api/admin/categories/${detailer.categoryId}`, { isHidden: false });
    expect((await publicCategories()).some((c) => c.id === detailer.categoryId)).toBe(true);
    expect((await publicServices()).some((s) => s.id === detailer.serviceId)).toBe(true);
  });

  it('lists every service across detailers, searched by name and filtered by category and detailer', async () => {
    const one = await createDetailer(t.ctx, { service: { name: 'Moonlight 100% Polish' }, businessName: 'Zeta Shine' });
    const two = await createDetailer(t.ctx, { service: { name: 'Moonlight Wax' }, businessName: 'Eta Gloss' });
    const found = await ok<AdminServicesResponse>(admin, 'GET', '/api/admin/services?q=moonlight');
    expect(found.services.map((s) => s.name)).toEqual(['Moonlight 100% Polish', 'Moonlight Wax']);
    expect(found.services[0]).toMatchObject({ businessName: 'Zeta Shine', detailerId: one.detailerId, isPaused: false, priceCents: 5900 });
    expect(found.detailers.map((d) => d.id)).toEqual(expect.arrayContaining([one.detailerId, two.detailerId]));
    // LIKE's own characters match as themselves.
    expect((await ok<AdminServicesResponse>(admin, 'GET', '/api/admin/services?q=100%25')).services.map((s) => s.id)).toEqual([
      one.serviceId,
    ]);
    expect((await ok<AdminServicesResponse>(admin, 'GET', '/api/admin/services?q=_')).services.every((s) => s.name.includes('_'))).toBe(
      true,
    );
    const byDetailer = await ok<AdminServicesResponse>(admin, 'GET', `/api/admin/services?detailerId=${two.detailerId}`);
    expect(byDetailer.services.map((s) => s.id)).toEqual([two.serviceId]);
    const byCategory = await ok<AdminServicesResponse>(admin, 'GET', `/api/admin/services?categoryId=${one.categoryId}&q=moon`);
    expect(byCategory.services.map((s) => s.id)).toEqual([one.serviceId]);
    expect((await api(admin, 'GET', '/api/admin/services?categoryId=abc')).statusCode).toBe(400);
  });

  it("pauses and resumes any detailer's service, out of the catalog at once", async () => {
    const detailer = await createDetailer(t.ctx);
    await publicServices();
    const paused = await ok<AdminService>(admin, 'POST', `/api/admin/services/${detailer.serviceId}/pause`);
    expect(paused.isPaused).toBe(true);
    expect((await publicServices()).some((s) => s.id === detailer.serviceId)).toBe(false);
    const again = await ok<AdminService>(admin, 'POST', `/api/admin/services/${detailer.serviceId}/pause`);
    expect(again.isPaused).toBe(true);
    const resumed = await ok<AdminService>(admin, 'POST', `/api/admin/services/${detailer.serviceId}/resume`);
    expect(resumed.isPaused).toBe(false);
    expect((await publicServices()).some((s) => s.id === detailer.serviceId)).toBe(true);
    expect((await api(admin, 'POST', '/api/admin/services/999999/pause')).statusCode).toBe(404);
  });

  it("edits a service's texts and photo; the photo must be the admin's own upload, the name free for its detailer", async () => {
    const detailer = await createDetailer(t.ctx);
    const edited = await ok<AdminService>(admin, 'PATCH', `/api/admin/services/${detailer.serviceId}`, {
      name: '  Signature Wash  ',
      description: 'Hand wash and dry.\nTyres dressed.',
    });
    expect(edited).toMatchObject({ name: 'Signature Wash', description: 'Hand wash and dry.\nTyres dressed.' });
    expect((await ok<Service>(null, 'GET', `/api/services/${detailer.serviceId}`)).name).toBe('Signature Wash');

    const photo = await createUpload(t.db, storage, admin, await tinyJpeg());
    const withPhoto = await ok<AdminService>(admin, 'PATCH', `/api/admin/services/${detailer.serviceId}`, { imageUploadId: photo.id });
    expect(withPhoto.imageUrl).toBe(`/api/uploads/${photo.id}?w=800`);
    const stranger = await createCustomer(t.ctx, { password: undefined });
    const theirs = await createUpload(t.db, storage, stranger, await tinyJpeg());
    const notMine = await api(admin, 'PATCH', `/api/admin/services/${detailer.serviceId}`, { imageUploadId: theirs.id });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().fields).toHaveProperty('imageUploadId');
    const cleared = await ok<AdminService>(admin, 'PATCH', `/api/admin/services/${detailer.serviceId}`, { imageUploadId: null });
    expect(cleared.imageUploadId).toBeNull();

    const other = await t.db
      .insert(services)
      .values({
        detailerId: detailer.detailerId,
        categoryId: detailer.categoryId,
        name: 'Second Wash',
        priceCents: 4000,
        durationMinutes: 30,
      })
      .returning();
    const clash = await api(admin, 'PATCH', `/api/admin/services/${other[0]!.id}`, { name: 'signature wash' });
    expect(clash.statusCode).toBe(409);
    for (const body of [{}, { name: 'x' }, { description: 'd'.repeat(1001) }, { priceCents: 1 }]) {
      expect((await api(admin, 'PATCH', `/api/admin/services/${detailer.serviceId}`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await api(admin, 'PATCH', '/api/admin/services/999999', { name: 'Ghost' })).statusCode).toBe(404);
  });
});
