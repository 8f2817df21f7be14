import { describe, expect, it } from 'vitest';
import { bookingHorizonDays } from '@core/domain/booking-status.ts';
import { eq } from 'drizzle-orm';
import type { SmartChoices, SmartOffers } from '@core/schemas/smart-booking.ts';
import { detailers, savedAddresses, services, vehicles } from '../../server/db/schema.ts';
import { createCategory, createDetailer } from '../factories/index.ts';
import { offerService } from '../../server/catalog/catalog-admin-service.ts';
import { databaseKinds } from './test-app.ts';
import { useBookingTestApp } from './booking-test-app.ts';

// Issue 20: the best three offers for what, which car, where and when. The clock stands on Monday 2026-11-23,
// 8 AM in Los Angeles; the factory's detailers are based in San Francisco with a 25-mile area.
describe.each(databaseKinds)('smart booking offers on %s', (kind) => {
  const t = useBookingTestApp(kind);

  /** A category with one 45-minute service and `count` detailers offering it (the first lists it). */
  async function market(count: number) {
    const categoryId = await createCategory(t.ctx);
    const first = await createDetailer(t.ctx, { service: { categoryId } });
    const others = [];
    for (let i = 1; i < count; i++) {
      const made = await createDetailer(t.ctx, { service: { categoryId } });
      await offerService(t.ctx, made.detailerId, first.serviceId);
      others.push(made);
    }
    t.ctx.catalogCache.clear();
    return { categoryId, serviceId: first.serviceId, all: [first, ...others] };
  }

  const offers = async (user: Parameters<typeof t.call>[0], query: string) => {
    const response = await t.call(user, 'GET', `/api/smart-booking/offers?${query}`);
    return { status: response.statusCode, body: response.json() as SmartOffers & { message?: string; fields?: Record<string, string> } };
  };

  it('offers the best three in the area, each with its reasons, public for browsing', async () => {
    const { serviceId, all } = await market(5);
    // One detailer is based in Los Angeles: never offered in San Francisco, however well rated.
    await t.db
      .update(detailers)
      .set({ baseLatitude: 34.05, baseLongitude: -118.24, rating: 5 })
      .where(eq(detailers.id, all[4]!.detailerId));
    await t.db.update(detailers).set({ rating: 4.9 }).where(eq(detailers.id, all[2]!.detailerId));
    const { status, body } = await offers(null, `serviceId=${serviceId}&vehicleType=Sedan&zip=94105&when=2026-11-24&window=morning`);
    expect(status).toBe(200);
    expect(body.offers).toHaveLength(3);
    expect(body.offers.map((o) => o.detailerId)).not.toContain(all[4]!.detailerId);
    expect(body.offers[0]!.detailerId).toBe(all[2]!.detailerId);
    expect(body.offers[0]!.reasons).toContain('Best rated');
    for (const offer of body.offers) {
      expect(offer).toMatchObject({ serviceId, date: '2026-11-24', time: '9:00 AM', priceCents: 5900 });
      expect(offer.reasons.length).toBeGreaterThan(0);
    }
  });

  it('never offers a detailer whose window is full, and suggests the next free time when nobody is free', async () => {
    const { serviceId, all } = await market(1);
    const [only] = all;
    for (const time of ['9:00 AM', '10:00 AM', '11:00 AM']) {
      expect((await t.book(await t.quickCustomer(), only!.detailerId, serviceId, '2026-11-25', time)).status).toBe(201);
    }
    const full = await offers(null, `serviceId=${serviceId}&vehicleType=Sedan&zip=94105&when=2026-11-25&window=morning`);
    expect(full.body.offers).toEqual([]);
    // 11:00 to 11:45 plus the 15-minute buffer: the afternoon's first start, 1:00 PM, is the next free time.
    expect(full.body.nextFree).toEqual({ date: '2026-11-25', time: '1:00 PM', window: 'afternoon' });
    const afternoon = await offers(null, `serviceId=${serviceId}&vehicleType=Sedan&zip=94105&when=2026-11-25&window=afternoon`);
    expect(afternoon.body.offers.map((o) => o.time)).toEqual(['1:00 PM']);
    const evening = await offers(null, `serviceId=${serviceId}&vehicleType=Sedan&zip=94105&when=2026-11-25&window=evening`);
    expect(evening.body.offers).toEqual([]);
  });

  it('as soon as possible finds the soonest free start, and a category finds its services', async () => {
    const { categoryId, serviceId } = await market(2);
    const asap = await offers(null, `categoryId=${categoryId}&vehicleType=SUV&zip=94105&when=asap`);
    expect(asap.status).toBe(200);
    // Monday 8 AM: today's 9:00 AM is the soonest.
    expect(asap.body.offers.map((o) => [o.serviceId, o.date, o.time])).toEqual([
      [serviceId, '2026-11-23', '9:00 AM'],
      [serviceId, '2026-11-23', '9:00 AM'],
    ]);
    expect(asap.body.vehicleType).toBe('SUV');
  });

  it('uses the caller\u2019s own saved car and place, and refuses anyone else\u2019s as not found', async () => {
    const { serviceId } = await market(1);
    const owner = await t.quickCustomer();
    const stranger = await t.quickCustomer();
    const [car] = await t.db
      .insert(vehicles)
      .values({ customerId: owner.id, make: 'Honda', model: 'Civic', year: 2020, vehicleType: 'Truck' })
      .returning();
    const [place] = await t.db
      .insert(savedAddresses)
      .values({
        customerId: owner.id,
        label: 'Home',
        address: '1 Market St',
        city: 'San Francisco',
        zip: '94105',
        latitude: 37.7936,
        longitude: -122.3958,
      })
      .returning();
    const mine = await offers(owner, `serviceId=${serviceId}&vehicleId=${car!.id}&savedAddressId=${place!.id}&when=asap`);
    expect(mine.status).toBe(200);
    expect(mine.body.vehicleType).toBe('Truck');
    expect(mine.body.offers).toHaveLength(1);

    for (const [user, query, message] of [
      [stranger, `vehicleId=${car!.id}&zip=94105`, 'Car not found'],
      [stranger, `vehicleType=Sedan&savedAddressId=${place!.id}`, 'Address not found'],
      [null, `vehicleId=${car!.id}&zip=94105`, 'Car not found'],
      [null, `vehicleType=Sedan&savedAddressId=${place!.id}`, 'Address not found'],
    ] as const) {
      const refused = await offers(user, `serviceId=${serviceId}&${query}&when=asap`);
      expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 404, message });
    }
  });

  it('refuses a half or contradictory question with a message naming it', async () => {
    const beyondHorizon = `Bookings can be made up to ${bookingHorizonDays} days ahead. Please choose an earlier date.`;
    const { serviceId, categoryId } = await market(1);
    const cases: [string, string][] = [
      [`vehicleType=Sedan&zip=94105`, 'Choose a service or a category'],
      [`serviceId=${serviceId}&categoryId=${categoryId}&vehicleType=Sedan&zip=94105`, 'Choose a service or a category'],
      [`serviceId=${serviceId}&zip=94105`, 'Choose one of your cars or a vehicle type'],
      [`serviceId=${serviceId}&vehicleType=Sedan`, 'Choose a saved address or enter a ZIP code'],
      [`serviceId=${serviceId}&vehicleType=Sedan&zip=94105&when=2026-11-01`, 'Date cannot be in the past'],
      [`serviceId=${serviceId}&vehicleType=Sedan&zip=94105&when=2027-03-01&window=morning`, beyondHorizon],
      [`serviceId=${serviceId}&vehicleType=Sedan&zip=00000`, 'We could not find ZIP code 00000. Check it and try again.'],
    ];
    for (const [query, message] of cases) {
      const refused = await offers(null, query);
      expect({ query, status: refused.status, message: refused.body.message }).toEqual({ query, status: 400, message });
    }
    // 'Another day' names the day as the field at fault, on both sides of the bookable days.
    for (const [day, message] of [
      ['2026-11-22', 'Date cannot be in the past'],
      ['2027-03-01', beyondHorizon],
    ] as const) {
      const refused = await offers(null, `serviceId=${serviceId}&vehicleType=Sedan&zip=94105&when=${day}&window=afternoon`);
      expect(refused.body.fields).toEqual({ when: message });
    }
    expect((await offers(null, `serviceId=999999&vehicleType=Sedan&zip=94105`)).status).toBe(404);
    await t.db.update(services).set({ pausedAt: new Date() }).where(eq(services.id, serviceId));
    expect((await offers(null, `serviceId=${serviceId}&vehicleType=Sedan&zip=94105`)).body.message).toBe('Service not found');
  });

  it('the choices carry the customer\u2019s own cars and places only', async () => {
    const owner = await t.quickCustomer();
    await t.db.insert(vehicles).values({ customerId: owner.id, make: 'Honda', model: 'Civic', year: 2020, vehicleType: 'Sedan' });
    const mine = (await t.call(owner, 'GET', '/api/smart-booking/choices')).json() as SmartChoices;
    expect(mine.cars.map((c) => c.label)).toEqual(['2020 Honda Civic']);
    expect(mine.today).toBe('2026-11-23');
    const visitor = (await t.call(null, 'GET', '/api/smart-booking/choices')).json() as SmartChoices;
    expect(visitor.cars).toEqual([]);
    expect(visitor.places).toEqual([]);
  });
});
