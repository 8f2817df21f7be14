import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingPrice } from '@core/domain/pricing.ts';
import type { DetailerWithServices, Service } from '@core/schemas/catalog.ts';
import { bookings } from '../../server/db/schema.ts';
import { setServiceSurcharges } from '../../server/catalog/catalog-admin-service.ts';
import { createBooking, createDetailer } from '../factories/index.ts';
import { useBookingTestApp } from './booking-test-app.ts';
import { databaseKinds } from './test-app.ts';

// Issue 15's surcharge per vehicle type (decision 020): the server reads it from the catalog for the booked type,
// taxes it with the price, keeps it on the booking as its own line, and the database checks the sum.

describe.each(databaseKinds)('Vehicle surcharge on %s', (kind) => {
  const app = useBookingTestApp(kind);

  /** A detailer whose $59 wash costs $20 more for an SUV and $35 more for a van. */
  async function surchargedWash() {
    const detailer = await createDetailer(app.ctx);
    await setServiceSurcharges(app.ctx, detailer.serviceId, [
      { vehicleType: 'SUV', surchargeCents: 2000 },
      { vehicleType: 'Van', surchargeCents: 3500 },
    ]);
    return detailer;
  }

  it('the catalog shows the surcharges before booking; a service without any shows none', async () => {
    const detailer = await surchargedWash();
    const plain = await createDetailer(app.ctx);
    const listed = (await app.call(null, 'GET', '/api/services')).json() as Service[];
    expect(listed.find((s) => s.id === detailer.serviceId)?.surcharges).toEqual([
      { vehicleType: 'SUV', surchargeCents: 2000 },
      { vehicleType: 'Van', surchargeCents: 3500 },
    ]);
    expect(listed.find((s) => s.id === plain.serviceId)?.surcharges).toEqual([]);
    const page = (await app.call(null, 'GET', `/api/detailers/${detailer.detailerId}`)).json() as DetailerWithServices;
    expect(page.offeredServices[0]?.surcharges).toHaveLength(2);
    const one = (await app.call(null, 'GET', `/api/services/${detailer.serviceId}`)).json() as Service;
    expect(one.surcharges.map((s) => s.vehicleType)).toEqual(['SUV', 'Van']);
  });

  it('an SUV booking carries the $20 surcharge as its own line, taxed with the price: $100.32', async () => {
    const detailer = await surchargedWash();
    const customer = await app.quickCustomer();
    const { status, body } = await app.book(customer, detailer.detailerId, detailer.serviceId, '2026-11-24', '9:00 AM', {
      vehicleType: 'SUV',
    });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({
      vehicleType: 'SUV',
      priceCents: 5900,
      vehicleSurchargeCents: 2000,
      serviceFeeCents: 1500,
      taxCents: 632,
      totalCents: 10032,
      total: 100.32,
    });
    // Read back as the customer and as the detailer: the same amounts.
    const asCustomer = (await app.call(customer, 'GET', `/api/bookings/${body.id}`)).json();
    expect(asCustomer).toMatchObject({ vehicleSurchargeCents: 2000, totalCents: 10032 });
    const [row] = await app.db.select().from(bookings).where(eq(bookings.id, body.id));
    expect(row).toMatchObject({ priceCents: 5900, vehicleSurchargeCents: 2000, taxCents: 632, totalCents: 10032 });
  });

  it("a vehicle type without a surcharge pays the spec's total: $59 -> $78.72", async () => {
    const detailer = await surchargedWash();
    const customer = await app.quickCustomer();
    const { status, body } = await app.book(customer, detailer.detailerId, detailer.serviceId, '2026-11-24', '10:00 AM', {
      vehicleType: 'Truck',
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ vehicleSurchargeCents: 0, taxCents: 472, totalCents: 7872 });
  });

  it('ignores any amount the browser sends: the catalog decides', async () => {
    const detailer = await surchargedWash();
    const customer = await app.quickCustomer();
    const forged = {
      vehicleType: 'Van',
      priceCents: 100,
      vehicleSurchargeCents: 0,
      surchargeCents: 0,
      taxCents: 0,
      totalCents: 100,
      total: 1,
      price: 1,
    };
    const { status, body } = await app.book(customer, detailer.detailerId, detailer.serviceId, '2026-11-24', '11:00 AM', forged);
    expect(status).toBe(201);
    expect(body).toMatchObject(bookingPrice(5900, 3500));
    expect(body.totalCents).toBe(5900 + 3500 + 1500 + 752);
  });

  it('a booking keeps the surcharge it was made with when the detailer changes it later', async () => {
    const detailer = await surchargedWash();
    const customer = await app.quickCustomer();
    const { body } = await app.book(customer, detailer.detailerId, detailer.serviceId, '2026-11-24', '1:00 PM', { vehicleType: 'SUV' });
    await setServiceSurcharges(app.ctx, detailer.serviceId, [{ vehicleType: 'SUV', surchargeCents: 4000 }]);
    const again = (await app.call(customer, 'GET', `/api/bookings/${body.id}`)).json();
    expect(again).toMatchObject({ vehicleSurchargeCents: 2000, totalCents: 10032 });
    const next = await app.book(customer, detailer.detailerId, detailer.serviceId, '2026-11-24', '3:00 PM', { vehicleType: 'SUV' });
    expect(next.body).toMatchObject({ vehicleSurchargeCents: 4000, totalCents: bookingPrice(5900, 4000).totalCents });
  });

  it('the payment intent is for the total with the surcharge', async () => {
    const detailer = await surchargedWash();
    const customer = await app.quickCustomer();
    const { body } = await app.book(customer, detailer.detailerId, detailer.serviceId, '2026-11-25', '9:00 AM', { vehicleType: 'SUV' });
    const intent = await app.call(customer, 'POST', '/api/create-payment-intent', { bookingId: body.id, appliedCredits: 0 });
    expect(intent.statusCode, intent.body).toBe(200);
    expect(intent.json()).toMatchObject({ totalCents: 10032, amountCents: 10032 });
  });

  it('the database refuses a total that does not add up the surcharge (bookings_total_is_sum)', async () => {
    const detailer = await surchargedWash();
    const customer = await app.quickCustomer();
    const base = {
      customerId: customer.id,
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
      startsAt: new Date('2026-12-02T17:00:00Z'),
    };
    // The factory adds the surcharge into the total: accepted.
    const row = await createBooking(app.ctx, { ...base, vehicleSurchargeCents: 2000 });
    expect(row).toMatchObject({ vehicleSurchargeCents: 2000, totalCents: 10032 });
    // A total without it (the price's alone) is refused by the database itself.
    await expect(
      createBooking(app.ctx, {
        ...base,
        startsAt: new Date('2026-12-03T17:00:00Z'),
        vehicleSurchargeCents: 2000,
        taxCents: 472,
        totalCents: 7872,
      }),
    ).rejects.toThrow(/bookings_total_is_sum|Failed query/);
    await expect(
      createBooking(app.ctx, { ...base, startsAt: new Date('2026-12-04T17:00:00Z'), vehicleSurchargeCents: -100, totalCents: 7772 }),
    ).rejects.toThrow();
  });
});
