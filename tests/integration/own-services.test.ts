import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '@core/schemas/booking.ts';
import type { DetailerWithServices, Service } from '@core/schemas/catalog.ts';
import {
  duplicateServiceNameMessage,
  ownServiceSchema,
  pausedServiceMessage,
  serviceHasUpcomingBookingsMessage,
  type OwnService,
} from '@core/schemas/own-service.ts';
import { detailers, serviceSurcharges, services, uploads } from '../../server/db/schema.ts';
import { offerService } from '../../server/catalog/catalog-admin-service.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import {
  bookingRequest,
  createBooking,
  createCategory,
  createCustomer,
  createUnapprovedDetailer,
  type createDetailer,
} from '../factories/index.ts';
import { createApiCaller, type ApiMethod } from '../factories/api-caller.ts';
import { createDetailerCast } from '../factories/detailer-cast.ts';
import { createTestApp, createTestClock, databaseKinds, type TestApp } from './test-app.ts';

type Method = Exclude<ApiMethod, 'PUT'>;
type DetailerCast = Awaited<ReturnType<typeof createDetailer>>;

describe.each(databaseKinds)('Own services API on %s', (kind) => {
  let t: TestApp;
  // Monday 2026-11-23, 8:00 AM in Los Angeles.
  const clock = createTestClock();
  const cast = {} as { me: DetailerCast; other: DetailerCast; customer: UserRow; admin: UserRow; categoryId: number };

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    Object.assign(cast, await createDetailerCast(t.ctx));
    cast.categoryId = await createCategory(t.ctx);
  });
  afterAll(() => t?.close());

  const call = createApiCaller(() => t, clock);

  const unique = () => randomBytes(3).toString('hex');
  const wash = (overrides: object = {}) => ({
    name: `Foam Wash ${unique()}`,
    description: 'Snow foam, hand wash, dry.',
    categoryId: cast.categoryId,
    priceCents: 6500,
    durationMinutes: 60,
    checklist: ['Pre-rinse and foam', 'Hand wash'],
    surcharges: [
      { vehicleType: 'SUV', surchargeCents: 1500 },
      { vehicleType: 'Sedan', surchargeCents: 0 },
    ],
    ...overrides,
  });

  async function addService(owner: DetailerCast = cast.me, body: object = wash()): Promise<OwnService> {
    const response = await call(owner.user, 'POST', '/api/detailer/services', body);
    expect(response.statusCode, response.body).toBe(201);
    return ownServiceSchema.parse(response.json());
  }

  const serviceRow = async (id: number) => (await t.db.select().from(services).where(eq(services.id, id)))[0];
  const catalogServices = async () => (await call(null, 'GET', '/api/services')).json() as Service[];
  const detailerPage = async (detailerId: number) =>
    (await call(null, 'GET', `/api/detailers/${detailerId}`)).json() as DetailerWithServices;

  it('creates a service the catalog lists at once, with its checklist and its surcharges (0 = none)', async () => {
    // Read first so the catalog cache holds the old lists: the write must clear them.
    await catalogServices();
    await detailerPage(cast.me.detailerId);
    const body = wash();
    const created = await addService(cast.me, body);
    expect(created).toMatchObject({
      name: body.name,
      categoryId: cast.categoryId,
      priceCents: 6500,
      durationMinutes: 60,
      checklist: ['Pre-rinse and foam', 'Hand wash'],
      surcharges: [{ vehicleType: 'SUV', surchargeCents: 1500 }],
      pausedAt: null,
      bookable: true,
      upcomingBookingCount: 0,
      hasBookings: false,
      imageUploadId: null,
      imageUrl: '/images/services/default.svg',
    });
    expect(created.categoryName).toMatch(/^Category /);

    const listed = (await catalogServices()).find((s) => s.id === created.id);
    expect(listed).toMatchObject({ name: body.name, priceCents: 6500, surcharges: [{ vehicleType: 'SUV', surchargeCents: 1500 }] });
    const offered = (await detailerPage(cast.me.detailerId)).offeredServices.find((s) => s.id === created.id);
    expect(offered?.surcharges).toEqual([{ vehicleType: 'SUV', surchargeCents: 1500 }]);

    const mine = (await call(cast.me.user, 'GET', '/api/detailer/services')).json() as OwnService[];
    expect(mine.map((s) => s.id)).toContain(created.id);
    // The factory's service is the detailer's own too; another detailer's is not.
    expect(mine.map((s) => s.id)).toContain(cast.me.serviceId);
    expect(mine.map((s) => s.id)).not.toContain(cast.other.serviceId);
    expect((await call(cast.me.user, 'GET', `/api/detailer/services/${created.id}`)).json()).toEqual(created);
  });

  it("says a new business's service is bookable exactly when the catalog lists it: not before an admin approves it", async () => {
    const waiting = await createUnapprovedDetailer(t.ctx);
    const created = await addService(waiting);
    expect(created.bookable).toBe(false);
    expect((await catalogServices()).some((s) => s.id === created.id)).toBe(false);
    const mine = (await call(waiting.user, 'GET', '/api/detailer/services')).json() as OwnService[];
    expect(mine.every((service) => !service.bookable)).toBe(true);

    // Approved as an admin's approval leaves it (the approval's own rules are onboarding's tests).
    await t.db.update(detailers).set({ approvedAt: clock.now() }).where(eq(detailers.id, waiting.detailerId));
    t.ctx.catalogCache.clear();
    expect((await call(waiting.user, 'GET', `/api/detailer/services/${created.id}`)).json()).toMatchObject({ bookable: true });
    expect((await catalogServices()).some((s) => s.id === created.id)).toBe(true);

    const paused = await call(waiting.user, 'POST', `/api/detailer/services/${created.id}/pause`);
    expect(paused.json()).toMatchObject({ bookable: false });
    expect((await catalogServices()).some((s) => s.id === created.id)).toBe(false);
  });

  it('edits only the fields sent; surcharges sent replace them all; the catalog follows at once', async () => {
    const created = await addService();
    await catalogServices();
    const response = await call(cast.me.user, 'PATCH', `/api/detailer/services/${created.id}`, {
      priceCents: 7000,
      checklist: ['Wheels first', 'Foam', 'Dry'],
      surcharges: [
        { vehicleType: 'Truck', surchargeCents: 2500 },
        { vehicleType: 'Van', surchargeCents: 2000 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: created.name,
      description: created.description,
      priceCents: 7000,
      checklist: ['Wheels first', 'Foam', 'Dry'],
      surcharges: [
        { vehicleType: 'Truck', surchargeCents: 2500 },
        { vehicleType: 'Van', surchargeCents: 2000 },
      ],
    });
    expect((await catalogServices()).find((s) => s.id === created.id)).toMatchObject({ price: 70, priceCents: 7000 });
    // All zero: no surcharge at all, no rows kept.
    await call(cast.me.user, 'PATCH', `/api/detailer/services/${created.id}`, {
      surcharges: [{ vehicleType: 'Truck', surchargeCents: 0 }],
    });
    expect(await t.db.select().from(serviceSurcharges).where(eq(serviceSurcharges.serviceId, created.id))).toEqual([]);
  });

  it("shows the detailer's own photo, at the catalog's width", async () => {
    const [upload] = await t.db
      .insert(uploads)
      .values({
        ownerUserId: cast.me.user.id,
        storageKey: `uploads/test-${unique()}`,
        widths: [320, 800],
        width: 800,
        height: 600,
        byteSize: 1000,
      })
      .returning();
    const created = await addService(cast.me, wash({ imageUploadId: upload!.id }));
    expect(created.imageUrl).toBe(`/api/uploads/${upload!.id}?w=800`);
    expect((await catalogServices()).find((s) => s.id === created.id)?.imageUrl).toBe(`/api/uploads/${upload!.id}?w=800`);
    // Someone else's upload is refused, naming the field, and the photo stays.
    const [foreign] = await t.db
      .insert(uploads)
      .values({
        ownerUserId: cast.other.user.id,
        storageKey: `uploads/test-${unique()}`,
        widths: [320],
        width: 320,
        height: 240,
        byteSize: 1000,
      })
      .returning();
    const refused = await call(cast.me.user, 'PATCH', `/api/detailer/services/${created.id}`, { imageUploadId: foreign!.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toHaveProperty('imageUploadId');
    expect((await serviceRow(created.id))?.imageUploadId).toBe(upload!.id);
  });

  describe('who may do what', () => {
    const routes: [string, Method, (id: number) => string, object | undefined][] = [
      ['read', 'GET', (id) => `/api/detailer/services/${id}`, undefined],
      ['edit', 'PATCH', (id) => `/api/detailer/services/${id}`, { name: 'Taken over' }],
      ['pause', 'POST', (id) => `/api/detailer/services/${id}/pause`, undefined],
      ['resume', 'POST', (id) => `/api/detailer/services/${id}/resume`, undefined],
      ['delete', 'DELETE', (id) => `/api/detailer/services/${id}`, undefined],
    ];

    it.each(routes)('%s: 401 signed out, 403 for a customer and an admin', async (_name, method, url, body) => {
      const created = await addService();
      const before = await serviceRow(created.id);
      expect((await call(null, method, url(created.id), body)).statusCode).toBe(401);
      expect((await call(cast.customer, method, url(created.id), body)).statusCode).toBe(403);
      expect((await call(cast.admin, method, url(created.id), body)).statusCode).toBe(403);
      expect(await serviceRow(created.id)).toEqual(before);
    });

    it.each(routes)("%s: another detailer's service is 404 and stays as it was", async (_name, method, url, body) => {
      const created = await addService();
      const before = await serviceRow(created.id);
      const response = await call(cast.other.user, method, url(created.id), body);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found', message: 'Service not found' });
      expect(await serviceRow(created.id)).toEqual(before);
    });

    it.each(routes)('%s: a service the detailer only offers (listed by another) is not theirs: 404', async (_name, method, url, body) => {
      const listedByOther = await addService(cast.other);
      await offerService(t.ctx, cast.me.detailerId, listedByOther.id);
      const before = await serviceRow(listedByOther.id);
      expect((await call(cast.me.user, method, url(listedByOther.id), body)).statusCode).toBe(404);
      expect(await serviceRow(listedByOther.id)).toEqual(before);
      const mine = (await call(cast.me.user, 'GET', '/api/detailer/services')).json() as OwnService[];
      expect(mine.map((s) => s.id)).not.toContain(listedByOther.id);
    });

    it('list and create: 401 signed out, 403 for a customer and an admin', async () => {
      for (const [user, status] of [
        [null, 401],
        [cast.customer, 403],
        [cast.admin, 403],
      ] as const) {
        expect((await call(user, 'GET', '/api/detailer/services')).statusCode).toBe(status);
        const name = `Sneaky ${unique()}`;
        expect((await call(user, 'POST', '/api/detailer/services', wash({ name }))).statusCode).toBe(status);
        expect(await t.db.select().from(services).where(eq(services.name, name))).toEqual([]);
      }
    });
  });

  describe('bad input: 400 naming the field, and nothing changes', () => {
    const tooLong = (n: number) => 'x'.repeat(n);
    const cases: [string, object, string][] = [
      ['a one-letter name', { name: 'W' }, 'name'],
      ['a name of 81 characters', { name: tooLong(81) }, 'name'],
      ['a description of 1001 characters', { description: tooLong(1001) }, 'description'],
      ['a price under $5.00', { priceCents: 499 }, 'priceCents'],
      ['a price over $5,000.00', { priceCents: 500_001 }, 'priceCents'],
      ['a price in fractions of a cent', { priceCents: 5900.5 }, 'priceCents'],
      ['a price as text', { priceCents: '59' }, 'priceCents'],
      ['a duration of 10 minutes', { durationMinutes: 10 }, 'durationMinutes'],
      ['a duration of 50 minutes (not a 15-minute step)', { durationMinutes: 50 }, 'durationMinutes'],
      ['a duration over 10 hours', { durationMinutes: 615 }, 'durationMinutes'],
      ['21 checklist items', { checklist: Array.from({ length: 21 }, (_, i) => `Step ${i + 1}`) }, 'checklist'],
      ['an empty checklist item', { checklist: ['Foam', '  '] }, 'checklist.1'],
      ['a checklist item of 81 characters', { checklist: [tooLong(81)] }, 'checklist.0'],
      ['a surcharge over $500.00', { surcharges: [{ vehicleType: 'Van', surchargeCents: 50_001 }] }, 'surcharges.0.surchargeCents'],
      ['a negative surcharge', { surcharges: [{ vehicleType: 'Van', surchargeCents: -100 }] }, 'surcharges.0.surchargeCents'],
      [
        'an unknown vehicle type',
        { surchargeCents: 0, surcharges: [{ vehicleType: 'Bus', surchargeCents: 100 }] },
        'surcharges.0.vehicleType',
      ],
      ['a category that does not exist', { categoryId: 999_999 }, 'categoryId'],
      ['an upload that does not exist', { imageUploadId: 999_999 }, 'imageUploadId'],
    ];

    it.each(cases)('create with %s', async (_name, overrides, field) => {
      const body = wash(overrides);
      const before = await t.db.select().from(services);
      const response = await call(cast.me.user, 'POST', '/api/detailer/services', body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().fields).toHaveProperty([field]);
      expect(response.json().message).toEqual(expect.any(String));
      expect(await t.db.select().from(services)).toEqual(before);
    });

    it.each(cases)('edit with %s', async (_name, overrides, field) => {
      const created = await addService();
      const before = await serviceRow(created.id);
      const surchargesBefore = await t.db.select().from(serviceSurcharges).where(eq(serviceSurcharges.serviceId, created.id));
      const response = await call(cast.me.user, 'PATCH', `/api/detailer/services/${created.id}`, { priceCents: 9900, ...overrides });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().fields).toHaveProperty([field]);
      expect(await serviceRow(created.id)).toEqual(before);
      expect(await t.db.select().from(serviceSurcharges).where(eq(serviceSurcharges.serviceId, created.id))).toEqual(surchargesBefore);
    });

    it('the bounds themselves are taken: $5.00 for 15 minutes, $5,000.00 for 10 hours, 20 items, $500.00 surcharge', async () => {
      await addService(cast.me, wash({ priceCents: 500, durationMinutes: 15 }));
      await addService(
        cast.me,
        wash({
          priceCents: 500_000,
          durationMinutes: 600,
          checklist: Array.from({ length: 20 }, (_, i) => `${i + 1}`.padEnd(80, '.')),
          surcharges: [{ vehicleType: 'Luxury/Sports', surchargeCents: 50_000 }],
        }),
      );
    });
  });

  it('one name per detailer, whatever the case: 409 naming it; another detailer may use it', async () => {
    const created = await addService();
    const shouted = created.name.toUpperCase();
    const again = await call(cast.me.user, 'POST', '/api/detailer/services', wash({ name: shouted }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(duplicateServiceNameMessage(shouted));
    const second = await addService();
    const renamed = await call(cast.me.user, 'PATCH', `/api/detailer/services/${second.id}`, { name: ` ${created.name.toLowerCase()} ` });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().message).toContain(created.name.toLowerCase());
    expect((await serviceRow(second.id))?.name).toBe(second.name);
    // Keeping its own name (another case) is no clash.
    expect((await call(cast.me.user, 'PATCH', `/api/detailer/services/${second.id}`, { name: second.name.toUpperCase() })).statusCode).toBe(
      200,
    );
    await addService(cast.other, wash({ name: created.name }));
  });

  const bookingBody = (detailerId: number, serviceId: number, time = '9:00 AM') =>
    bookingRequest({ detailerId, serviceId }, '2026-11-25', time);

  it('a paused service leaves the catalog and booking at once; its bookings go on; resume brings it back', async () => {
    const created = await addService();
    const customer = await createCustomer(t.ctx, { password: undefined });
    const booked = await call(customer, 'POST', '/api/bookings', bookingBody(cast.me.detailerId, created.id, '10:00 AM'));
    expect(booked.statusCode, booked.body).toBe(201);
    // Cached before the pause.
    expect((await catalogServices()).map((s) => s.id)).toContain(created.id);

    const paused = await call(cast.me.user, 'POST', `/api/detailer/services/${created.id}/pause`);
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ pausedAt: clock.now().toISOString(), upcomingBookingCount: 1 });
    expect((await catalogServices()).map((s) => s.id)).not.toContain(created.id);
    expect((await detailerPage(cast.me.detailerId)).offeredServices.map((s) => s.id)).not.toContain(created.id);
    expect((await call(null, 'GET', `/api/services/${created.id}`)).statusCode).toBe(404);
    const refused = await call(customer, 'POST', '/api/bookings', bookingBody(cast.me.detailerId, created.id, '1:00 PM'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(pausedServiceMessage);
    // The booking made before goes on, and the detailer still sees the service in their list, paused.
    expect(((await call(customer, 'GET', `/api/bookings/${(booked.json() as Booking).id}`)).json() as Booking).status).toBe(
      'pending_payment',
    );
    const mine = (await call(cast.me.user, 'GET', '/api/detailer/services')).json() as OwnService[];
    expect(mine.find((s) => s.id === created.id)?.pausedAt).not.toBeNull();
    // Pausing again keeps the first moment.
    clock.advance(60_000);
    expect((await call(cast.me.user, 'POST', `/api/detailer/services/${created.id}/pause`)).json().pausedAt).toBe(paused.json().pausedAt);

    const resumed = await call(cast.me.user, 'POST', `/api/detailer/services/${created.id}/resume`);
    expect(resumed.json()).toMatchObject({ pausedAt: null });
    expect((await catalogServices()).map((s) => s.id)).toContain(created.id);
    expect((await call(customer, 'POST', '/api/bookings', bookingBody(cast.me.detailerId, created.id, '1:00 PM'))).statusCode).toBe(201);
  });

  describe('delete', () => {
    it('is refused while a booking still holds it (409, pause instead), and nothing changes', async () => {
      const created = await addService();
      const customer = await createCustomer(t.ctx, { password: undefined });
      await createBooking(t.ctx, {
        customerId: customer.id,
        detailerId: cast.me.detailerId,
        serviceId: created.id,
        status: 'accepted',
        startsAt: new Date('2026-11-30T17:00:00Z'),
      });
      const before = await serviceRow(created.id);
      const listed = ((await call(cast.me.user, 'GET', '/api/detailer/services')).json() as OwnService[]).find((s) => s.id === created.id);
      expect(listed).toMatchObject({ upcomingBookingCount: 1, hasBookings: true });
      const response = await call(cast.me.user, 'DELETE', `/api/detailer/services/${created.id}`);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(serviceHasUpcomingBookingsMessage);
      expect(await serviceRow(created.id)).toEqual(before);
    });

    it('archives a service with only past bookings: gone from every list, its bookings keep it', async () => {
      const created = await addService();
      const customer = await createCustomer(t.ctx, { password: undefined });
      const past = await createBooking(t.ctx, {
        customerId: customer.id,
        detailerId: cast.me.detailerId,
        serviceId: created.id,
        status: 'completed',
        startsAt: new Date('2026-11-02T17:00:00Z'),
      });
      // A lapsed, unpaid hold does not hold the service either.
      await createBooking(t.ctx, {
        customerId: customer.id,
        detailerId: cast.me.detailerId,
        serviceId: created.id,
        status: 'pending_payment',
        startsAt: new Date('2026-12-01T17:00:00Z'),
        holdExpiresAt: new Date('2026-11-23T15:00:00Z'),
      });
      await catalogServices();
      const response = await call(cast.me.user, 'DELETE', `/api/detailer/services/${created.id}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ outcome: 'archived' });
      expect((await serviceRow(created.id))?.archivedAt).toEqual(clock.now());
      expect((await catalogServices()).map((s) => s.id)).not.toContain(created.id);
      const mine = (await call(cast.me.user, 'GET', '/api/detailer/services')).json() as OwnService[];
      expect(mine.map((s) => s.id)).not.toContain(created.id);
      expect((await call(cast.me.user, 'GET', `/api/detailer/services/${created.id}`)).statusCode).toBe(404);
      expect((await call(cast.me.user, 'DELETE', `/api/detailer/services/${created.id}`)).statusCode).toBe(404);
      const booking = (await call(customer, 'GET', `/api/bookings/${past.id}`)).json() as Booking;
      expect(booking.serviceName).toBe(created.name);
    });

    it('removes a service never booked, with its surcharges', async () => {
      const created = await addService();
      const response = await call(cast.me.user, 'DELETE', `/api/detailer/services/${created.id}`);
      expect(response.json()).toEqual({ outcome: 'deleted' });
      expect(await serviceRow(created.id)).toBeUndefined();
      expect(await t.db.select().from(serviceSurcharges).where(eq(serviceSurcharges.serviceId, created.id))).toEqual([]);
      expect((await catalogServices()).map((s) => s.id)).not.toContain(created.id);
    });
  });
});
