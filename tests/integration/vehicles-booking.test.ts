import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingSchema } from '@core/schemas/booking.ts';
import type { Vehicle } from '@core/schemas/vehicle.ts';
import { bookings } from '../../server/db/schema.ts';
import { updateVehicle } from '../../server/garage/vehicle-service.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { createDetailer } from '../factories/index.ts';
import { useBookingTestApp } from './booking-test-app.ts';
import { databaseKinds } from './test-app.ts';

const rav4 = {
  make: 'Toyota',
  model: 'RAV4',
  year: 2021,
  color: 'Blue',
  licensePlate: '8abc123',
  vehicleType: 'SUV',
  nickname: 'Blue one',
};
const rav4Details = {
  make: 'Toyota',
  model: 'RAV4',
  year: 2021,
  color: 'Blue',
  licensePlate: '8ABC123',
  nickname: 'Blue one',
  vehicleType: 'SUV',
};

describe.each(databaseKinds)('booking with a saved car on %s', (kind) => {
  const t = useBookingTestApp(kind);
  const { call, clock, quickCustomer, book } = t;

  async function addCar(user: UserRow, body: object = rav4): Promise<Vehicle> {
    const response = await call(user, 'POST', '/api/vehicles', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Vehicle;
  }

  const bookingsOf = (customer: UserRow) => t.db.select().from(bookings).where(eq(bookings.customerId, customer.id));

  it('copies the car into the booking, and a later edit of the car leaves the booking as it was', async () => {
    const detailer = await createDetailer(t.ctx);
    const customer = await quickCustomer();
    const car = await addCar(customer);
    const booked = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-24', '9:00 AM', {
      vehicleType: 'SUV',
      vehicleId: car.id,
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(bookingSchema.parse(booked.body)).toMatchObject({ vehicleId: car.id, vehicleDetails: rav4Details, vehicleType: 'SUV' });

    // The customer repaints the car and changes its plate.
    await updateVehicle(t.ctx, customer, clock.now(), car.id, { color: 'Red', licensePlate: 'NEW1', nickname: 'Red one', year: 2022 });
    const read = await call(customer, 'GET', `/api/bookings/${booked.body.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ vehicleId: car.id, vehicleDetails: rav4Details });
    // Once paid for, the detailer sees the car as booked too: it is how they find it.
    await t.db.update(bookings).set({ status: 'requested', holdExpiresAt: null }).where(eq(bookings.id, booked.body.id));
    const asDetailer = await call(detailer.user, 'GET', `/api/bookings/${booked.body.id}`);
    expect(asDetailer.json()).toMatchObject({ vehicleDetails: rav4Details });
  });

  it('books without a car as before: no vehicleId, no details', async () => {
    const detailer = await createDetailer(t.ctx);
    const customer = await quickCustomer();
    const booked = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-24', '10:00 AM');
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body).toMatchObject({ vehicleId: null, vehicleDetails: null, vehicleType: 'Sedan' });
  });

  it("refuses another customer's car or a missing one (400 'Choose one of your cars') and books nothing", async () => {
    const detailer = await createDetailer(t.ctx);
    const customer = await quickCustomer();
    const stranger = await quickCustomer();
    const theirs = await addCar(stranger);
    for (const vehicleId of [theirs.id, 2_000_000_000]) {
      const refused = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-24', '11:00 AM', {
        vehicleType: 'SUV',
        vehicleId,
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ message: 'Choose one of your cars', fields: { vehicleId: 'Choose one of your cars' } });
    }
    expect(await bookingsOf(customer)).toEqual([]);
    // The slot stays free for a booking that is right.
    const mine = await addCar(customer);
    const booked = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-24', '11:00 AM', {
      vehicleType: 'SUV',
      vehicleId: mine.id,
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  });

  it("refuses a car whose type is not the booking's (400 on vehicleType) and books nothing", async () => {
    const detailer = await createDetailer(t.ctx);
    const customer = await quickCustomer();
    const car = await addCar(customer);
    const refused = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-24', '1:00 PM', {
      vehicleType: 'Sedan',
      vehicleId: car.id,
    });
    expect(refused.status).toBe(400);
    expect((refused.body as { fields?: Record<string, string> }).fields?.vehicleType).toContain('This car is a SUV');
    expect(await bookingsOf(customer)).toEqual([]);
  });

  it('refuses a vehicleId that is not an id', async () => {
    const detailer = await createDetailer(t.ctx);
    const customer = await quickCustomer();
    const refused = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-24', '2:00 PM', {
      vehicleType: 'SUV',
      vehicleId: 'mine',
    });
    expect(refused.status).toBe(400);
    expect((refused.body as { fields?: Record<string, string> }).fields?.vehicleId).toBe('Choose one of your cars');
  });
});
