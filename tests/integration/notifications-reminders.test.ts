import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { bookingReminders, bookings, notifications } from '../../server/db/schema.ts';
import { runBookingReminders } from '../../server/bookings/booking-reminders-job.ts';
import { createBooking, createCustomer, createDetailer } from '../factories/index.ts';
import { createTestApp, createTestClock, databaseKinds, type TestApp } from './test-app.ts';

const hour = 3_600_000;

describe.each(databaseKinds)('booking reminders on %s', (kind) => {
  let t: TestApp;
  const clock = createTestClock();

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
  });
  afterAll(() => t?.close());

  async function acceptedBooking(startsAt: Date, status: 'accepted' | 'requested' | 'cancelled' = 'accepted') {
    const customer = await createCustomer(t.ctx, { password: undefined });
    const detailer = await createDetailer(t.ctx);
    const booking = await createBooking(t.ctx, {
      customerId: customer.id,
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
      status,
      startsAt,
    });
    return { customer, detailer, booking };
  }

  const remindersOf = (userId: number) =>
    t.db
      .select({ title: notifications.title, entityId: notifications.entityId, message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'reminder')))
      .orderBy(notifications.id);

  it('sends the 24-hour and the 2-hour reminder to customer and detailer, each once, at their time', async () => {
    const start = new Date(clock.now().getTime() + 30 * hour);
    const { customer, detailer, booking } = await acceptedBooking(start);
    const entityId = String(booking.id);
    const at = (hoursBefore: number) => new Date(start.getTime() - hoursBefore * hour);

    expect((await runBookingReminders(t.ctx, at(24.5))).sent).toBe(0);
    expect(await remindersOf(customer.id)).toEqual([]);

    expect((await runBookingReminders(t.ctx, at(24))).sent).toBe(2);
    expect((await runBookingReminders(t.ctx, at(23))).sent).toBe(0);
    expect((await runBookingReminders(t.ctx, at(3))).sent).toBe(0);
    expect(await remindersOf(customer.id)).toEqual([
      { title: 'Upcoming booking', entityId, message: expect.stringContaining(`comes for your`) },
    ]);
    expect(await remindersOf(detailer.user.id)).toEqual([
      { title: 'Upcoming booking', entityId, message: expect.stringContaining(customer.name) },
    ]);

    expect((await runBookingReminders(t.ctx, at(2))).sent).toBe(2);
    expect((await runBookingReminders(t.ctx, at(1))).sent).toBe(0);
    expect((await runBookingReminders(t.ctx, at(-1))).sent).toBe(0); // started: nothing more
    expect((await remindersOf(customer.id)).map((r) => r.title)).toEqual(['Upcoming booking', 'Booking in 2 hours']);
    expect((await remindersOf(detailer.user.id)).map((r) => r.title)).toEqual(['Upcoming booking', 'Booking in 2 hours']);
  });

  it('fires once when passes run concurrently (as on two instances)', async () => {
    const start = new Date(clock.now().getTime() + 50 * hour);
    const { customer, detailer, booking } = await acceptedBooking(start);
    const now = new Date(start.getTime() - 20 * hour);
    const results = await Promise.all(Array.from({ length: 6 }, () => runBookingReminders(t.ctx, now)));
    const sentForThis = await t.db.select().from(bookingReminders).where(eq(bookingReminders.bookingId, booking.id));
    expect(sentForThis).toHaveLength(2);
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(2);
    expect(await remindersOf(customer.id)).toHaveLength(1);
    expect(await remindersOf(detailer.user.id)).toHaveLength(1);
  });

  it('reminds only accepted bookings, and again for a new start time after a reschedule', async () => {
    const start = new Date(clock.now().getTime() + 80 * hour);
    const requested = await acceptedBooking(start, 'requested');
    const cancelled = await acceptedBooking(new Date(start.getTime() + 3 * hour), 'cancelled');
    const accepted = await acceptedBooking(new Date(start.getTime() + 6 * hour));
    await runBookingReminders(t.ctx, new Date(start.getTime() - hour));
    await runBookingReminders(t.ctx, new Date(start.getTime() + 2 * hour));
    expect(await remindersOf(requested.customer.id)).toEqual([]);
    expect(await remindersOf(cancelled.customer.id)).toEqual([]);
    expect(await remindersOf(accepted.customer.id)).toHaveLength(1); // its 24-hour one

    const moved = new Date(accepted.booking.startsAt.getTime() + 48 * hour);
    await t.db
      .update(bookings)
      .set({ startsAt: moved, endsAt: new Date(moved.getTime() + hour) })
      .where(eq(bookings.id, accepted.booking.id));
    expect((await runBookingReminders(t.ctx, new Date(moved.getTime() - 10 * hour))).sent).toBe(2);
    expect(await remindersOf(accepted.customer.id)).toHaveLength(2);
  });
});
