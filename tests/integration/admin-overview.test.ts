import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminOverview } from '@core/schemas/admin-overview.ts';
import { detailers, payments } from '../../server/db/schema.ts';
import { createCustomer, createDetailer } from '../factories/index.ts';
import { usePaidBookingTestApp } from '../factories/paid-booking.ts';
import { databaseKinds } from './test-app.ts';

// Wednesday 2026-11-25, 10:00 AM in Los Angeles (the platform's default zone): Monday the 23rd starts its week.
const wednesday = new Date('2026-11-25T18:00:00Z');
const monday = new Date('2026-11-23T17:00:00Z');
const lastWeek = new Date('2026-11-20T17:00:00Z');

/** What an operator checks first (issue 37): bookings and money today and this week, and detailers waiting. */
describe.each(databaseKinds)('the admin overview on %s', (kind) => {
  const t = usePaidBookingTestApp(kind, wednesday);
  const overview = async () => {
    const response = await t.call(t.admin, 'GET', '/api/admin/overview');
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AdminOverview;
  };
  /** A booking paid by card ($78.72 for the $59.00 service), its payment moved to `at`. */
  async function paidAt(at: Date) {
    const { booking } = await t.paidBooking();
    await t.db.update(payments).set({ createdAt: at }).where(eq(payments.bookingId, booking.id));
  }

  it('counts the bookings paid and the money paid today and since Monday, and the detailers waiting for approval', async () => {
    t.clock.set(wednesday);
    const before = await overview();
    expect(before.timeZone).toBe(t.config.PLATFORM_TIME_ZONE);

    // One paid last week (in neither window), one on Monday (this week), two today.
    for (const at of [lastWeek, monday, wednesday, wednesday]) await paidAt(at);
    t.clock.set(wednesday);
    const after = await overview();
    expect(after.today.bookings - before.today.bookings).toBe(2);
    expect(after.week.bookings - before.week.bookings).toBe(3);
    expect(after.today.paidCents - before.today.paidCents).toBe(2 * 7872);
    expect(after.week.paidCents - before.week.paidCents).toBe(3 * 7872);

    const waiting = after.awaitingApproval;
    const newcomer = await createDetailer(t.ctx);
    await t.db.update(detailers).set({ approvedAt: null }).where(eq(detailers.id, newcomer.detailerId));
    expect((await overview()).awaitingApproval).toBe(waiting + 1);
    // The same answer as the admin's 'Pending approval' list.
    const listed = (await t.call(t.admin, 'GET', '/api/admin/users?pendingApproval=true')).json() as unknown[];
    expect(listed).toHaveLength(waiting + 1);
  });

  it('answers 401 signed out and 403 to customers and detailers', async () => {
    expect((await t.call(null, 'GET', '/api/admin/overview')).statusCode).toBe(401);
    expect((await t.call(await createCustomer(t.ctx, { password: undefined }), 'GET', '/api/admin/overview')).statusCode).toBe(403);
    expect((await t.call((await createDetailer(t.ctx)).user, 'GET', '/api/admin/overview')).statusCode).toBe(403);
  });
});
