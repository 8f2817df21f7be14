import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SoonestSlot } from '@core/schemas/payments.ts';
import { availabilityRules, detailers, detailerServices } from '../../server/db/schema.ts';
import { noSoonSlotMessage } from '../../server/bookings/soonest-slot-service.ts';
import { createBooking, createCustomer, createDetailer } from '../factories/index.ts';
import { createTestApp, createTestClock, databaseKinds, type TestApp } from './test-app.ts';

describe.each(databaseKinds)('GET /api/services/:id/soonest-slot on %s', (kind) => {
  let t: TestApp;
  // Monday 8:00 AM in Los Angeles.
  const clock = createTestClock(new Date('2026-11-23T16:00:00Z'));

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
  });
  afterAll(() => t.close());

  const soonest = (serviceId: number) => t.app.inject({ method: 'GET', url: `/api/services/${serviceId}/soonest-slot` });

  it('finds the earliest free slot across the detailers offering the service, the better-rated one on a tie', async () => {
    const first = await createDetailer(t.ctx);
    const second = await createDetailer(t.ctx);
    await t.db.insert(detailerServices).values({ detailerId: second.detailerId, serviceId: first.serviceId });
    await t.db.update(detailers).set({ rating: 4.9 }).where(eq(detailers.id, second.detailerId));

    const tie = await soonest(first.serviceId);
    expect(tie.statusCode, tie.body).toBe(200);
    expect(tie.json()).toMatchObject({
      serviceId: first.serviceId,
      detailerId: second.detailerId,
      date: '2026-11-23',
      time: '9:00 AM',
      startsAt: '2026-11-23T17:00:00.000Z',
      timeZone: 'America/Los_Angeles',
    } satisfies Partial<SoonestSlot>);

    // The better-rated detailer's 9:00 is taken: the other detailer's 9:00 is now the soonest.
    const customer = await createCustomer(t.ctx, { password: undefined });
    await createBooking(t.ctx, {
      customerId: customer.id,
      detailerId: second.detailerId,
      serviceId: first.serviceId,
      status: 'requested',
      startsAt: new Date('2026-11-23T17:00:00Z'),
    });
    expect((await soonest(first.serviceId)).json()).toMatchObject({ detailerId: first.detailerId, time: '9:00 AM' });
  });

  it('skips past slots, closed days and full days', async () => {
    const detailer = await createDetailer(t.ctx);
    // Saturday 4:30 PM in Los Angeles: today's slots have passed and Sunday is closed, so Monday 9:00 AM.
    clock.set(new Date('2026-11-29T00:30:00Z'));
    try {
      const response = await soonest(detailer.serviceId);
      expect(response.json()).toMatchObject({ date: '2026-11-30', time: '9:00 AM', detailerId: detailer.detailerId });
    } finally {
      clock.set(new Date('2026-11-23T16:00:00Z'));
    }
  });

  it('answers 404 with a clear message when no detailer is free in the next 14 days, and for an unknown service', async () => {
    const detailer = await createDetailer(t.ctx);
    await t.db.delete(availabilityRules).where(eq(availabilityRules.detailerId, detailer.detailerId));
    const none = await soonest(detailer.serviceId);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'not_found', message: noSoonSlotMessage });

    const unknown = await soonest(99_999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Service not found');
    expect((await soonest(0)).statusCode).toBe(400);
  });

  it("from the customer's ZIP, offers only a detailer who comes there, at a time they can drive to", async () => {
    const near = await createDetailer(t.ctx);
    const far = await createDetailer(t.ctx);
    await t.db.insert(detailerServices).values({ detailerId: far.detailerId, serviceId: near.serviceId });
    // The better-rated detailer works only within 5 miles of San Francisco; Oakland (94612) is about 8 miles away.
    await t.db.update(detailers).set({ rating: 5, serviceRadiusMiles: 5 }).where(eq(detailers.id, far.detailerId));
    expect((await soonest(near.serviceId)).json()).toMatchObject({ detailerId: far.detailerId, time: '9:00 AM' });
    // The other one has a 9:00 job in SoMa: from Oakland, their first reachable start is 11:00, not 10:00.
    const customer = await createCustomer(t.ctx, { password: undefined });
    await createBooking(t.ctx, {
      customerId: customer.id,
      detailerId: near.detailerId,
      serviceId: near.serviceId,
      status: 'accepted',
      startsAt: new Date('2026-11-23T17:00:00Z'),
      latitude: 37.79,
      longitude: -122.4,
    });
    const fromOakland = await t.app.inject({ method: 'GET', url: `/api/services/${near.serviceId}/soonest-slot?zip=94612` });
    expect(fromOakland.statusCode, fromOakland.body).toBe(200);
    expect(fromOakland.json()).toMatchObject({ detailerId: near.detailerId, date: '2026-11-23', time: '11:00 AM' });
    const badZip = await t.app.inject({ method: 'GET', url: `/api/services/${near.serviceId}/soonest-slot?zip=9461` });
    expect(badZip.statusCode).toBe(400);
  });
});
