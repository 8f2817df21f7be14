import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPrice } from '@core/domain/pricing.ts';
import { bookings } from '../../server/db/schema.ts';
import { isExclusionViolation } from '../../server/db/errors.ts';
import { createCustomer, createDetailer } from '../factories/index.ts';
import { createTestApp, databaseKinds, type TestApp } from './test-app.ts';

// The database itself refuses two live bookings of one detailer that overlap (exclusion constraint).
describe.each(databaseKinds)('booking overlap constraint on %s', (kind) => {
  let t: TestApp;
  let detailer: Awaited<ReturnType<typeof createDetailer>>;
  let customerId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    detailer = await createDetailer(t.ctx);
    customerId = (await createCustomer(t.ctx)).id;
  });
  afterAll(() => t.close());

  const insertBooking = (startsAt: string, minutes: number, status: 'pending_payment' | 'cancelled' = 'pending_payment') => {
    const start = new Date(startsAt);
    return t.db.insert(bookings).values({
      customerId,
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
      status,
      startsAt: start,
      endsAt: new Date(start.getTime() + minutes * 60_000),
      vehicleType: 'Sedan',
      address: '1 Market St',
      city: 'San Francisco',
      zip: '94105',
      ...bookingPrice(5900),
    });
  };

  it('refuses an overlapping booking and accepts an adjacent one', async () => {
    await insertBooking('2026-12-01T17:00:00Z', 45);
    const overlapping = await insertBooking('2026-12-01T17:30:00Z', 45).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isExclusionViolation(overlapping)).toBe(true);
    await expect(insertBooking('2026-12-01T17:45:00Z', 45)).resolves.toBeDefined();
  });

  it('lets a cancelled booking free its time', async () => {
    await insertBooking('2026-12-02T17:00:00Z', 60, 'cancelled');
    await expect(insertBooking('2026-12-02T17:15:00Z', 60)).resolves.toBeDefined();
  });

  it('refuses a total that is not price + fee + tax', async () => {
    const start = new Date('2026-12-03T17:00:00Z');
    const tampered = t.db.insert(bookings).values({
      customerId,
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
      startsAt: start,
      endsAt: new Date(start.getTime() + 3_600_000),
      vehicleType: 'Sedan',
      address: '1 Market St',
      city: 'San Francisco',
      zip: '94105',
      ...bookingPrice(5900),
      totalCents: 1,
    });
    await expect(tampered).rejects.toThrow();
  });
});
