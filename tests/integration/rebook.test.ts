import { describe, expect, it } from 'vitest';
import { recentDetailersSchema, type RecentDetailer } from '@core/schemas/booking.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { createAdmin, createBooking, createDetailer } from '../factories/index.ts';
import { useBookingTestApp } from './booking-test-app.ts';
import { databaseKinds } from './test-app.ts';

const hour = 3_600_000;

describe.each(databaseKinds)("'Book again' (issue 16) on %s", (kind) => {
  const t = useBookingTestApp(kind);
  const { call, quickCustomer } = t;

  /** A completed booking of `customer` with the detailer, completed `daysAgo` days before the test clock. */
  async function completed(customer: UserRow, detailer: { detailerId: number; serviceId: number }, daysAgo: number) {
    const completedAt = new Date(t.clock.now().getTime() - daysAgo * 24 * hour);
    return createBooking(t.ctx, {
      customerId: customer.id,
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
      status: 'completed',
      startsAt: new Date(completedAt.getTime() - hour),
      completedAt,
    });
  }

  async function recent(user: UserRow | null) {
    const response = await call(user, 'GET', '/api/bookings/recent-detailers');
    return { status: response.statusCode, body: response.json() as RecentDetailer[] & { message?: string } };
  }

  it("lists the customer's own recent detailers: distinct, newest first, at most three, from completed bookings only", async () => {
    const customer = await quickCustomer();
    const [a, b, c, d] = [
      await createDetailer(t.ctx),
      await createDetailer(t.ctx),
      await createDetailer(t.ctx),
      await createDetailer(t.ctx),
    ];
    const oldA = await completed(customer, a, 9);
    const newestA = await completed(customer, a, 1);
    const onlyB = await completed(customer, b, 3);
    const onlyC = await completed(customer, c, 5);
    await completed(customer, d, 20);
    // Not completed: neither counts, however new.
    const fresh = await createDetailer(t.ctx);
    await createBooking(t.ctx, { customerId: customer.id, detailerId: fresh.detailerId, serviceId: fresh.serviceId, status: 'cancelled' });
    await createBooking(t.ctx, { customerId: customer.id, detailerId: fresh.detailerId, serviceId: fresh.serviceId, status: 'requested' });

    const answer = await recent(customer);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const list = recentDetailersSchema.parse(answer.body);
    expect(list.map((r) => r.detailerId)).toEqual([a.detailerId, b.detailerId, c.detailerId]);
    expect(list.map((r) => r.bookingId)).toEqual([newestA.id, onlyB.id, onlyC.id]);
    expect(list.map((r) => r.bookingId)).not.toContain(oldA.id);
    expect(list[0]).toMatchObject({
      serviceId: a.serviceId,
      serviceName: expect.stringMatching(/^Wash /),
      businessName: expect.stringMatching(/^Detailing /),
      rating: 4.5,
      reviewCount: 10,
      avatarUrl: null,
      completedAt: newestA.completedAt!.toISOString(),
    });
  });

  it("shows none of another customer's bookings, and an empty list to a customer with no completed job", async () => {
    const customer = await quickCustomer();
    const stranger = await quickCustomer();
    const detailer = await createDetailer(t.ctx);
    const theirs = await completed(stranger, detailer, 2);

    expect(await recent(customer)).toEqual({ status: 200, body: [] });
    expect((await recent(stranger)).body.map((r) => r.bookingId)).toEqual([theirs.id]);
    // What 'Book again' then loads: someone else's booking is a 404, so nothing of it can prefill a form.
    const read = await call(customer, 'GET', `/api/bookings/${theirs.id}`);
    expect(read.statusCode).toBe(404);
    expect(read.json()).toMatchObject({ code: 'not_found', message: 'Booking not found' });
  });

  it('refuses visitors (401), and detailers and admins (403): only customers book', async () => {
    const detailer = await createDetailer(t.ctx);
    const admin = await createAdmin(t.ctx, { password: undefined });

    const signedOut = await recent(null);
    expect(signedOut.status).toBe(401);
    expect((await recent(detailer.user)).status).toBe(403);
    expect((await recent(admin)).status).toBe(403);
  });

  it('is not mistaken for a booking id, and a real booking id still answers as before', async () => {
    const customer = await quickCustomer();
    const detailer = await createDetailer(t.ctx);
    const booking = await completed(customer, detailer, 1);
    const read = await call(customer, 'GET', `/api/bookings/${booking.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: booking.id, status: 'completed' });
    expect((await call(customer, 'GET', '/api/bookings/recent')).statusCode).toBe(400);
  });
});
