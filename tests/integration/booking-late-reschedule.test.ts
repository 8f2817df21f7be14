import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Booking } from '@core/schemas/booking.ts';
import { bookingEvents, bookings } from '../../server/db/schema.ts';
import { markAuthorized } from '../../server/bookings/booking-transitions.ts';
import { createDetailer } from '../factories/index.ts';
import { useBookingTestApp } from './booking-test-app.ts';
import { databaseKinds } from './test-app.ts';

/**
 * Security review: the late-cancellation fee could be dodged by moving the booking out of its window first
 * (reschedule inside the last 24 hours, or even after the start, then cancel free). A move there is refused and
 * changes nothing; the cancel still costs the fee.
 */
describe.each(databaseKinds)('bookings: the late fee cannot be dodged by a reschedule on %s', (kind) => {
  const t = useBookingTestApp(kind);
  const { clock, call, quickCustomer, book } = t;
  const startOfTests = new Date('2026-11-23T16:00:00Z');

  async function acceptedBooking(date: string, time: string) {
    const detailer = await createDetailer(t.ctx);
    const customer = await quickCustomer();
    const { body } = await book(customer, detailer.detailerId, detailer.serviceId, date, time);
    await markAuthorized(t.ctx, body.id, clock.now());
    expect((await call(detailer.user, 'POST', `/api/bookings/${body.id}/accept`)).statusCode).toBe(200);
    return { customer, booking: body };
  }

  const stored = async (id: number) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const events = async (id: number) => (await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, id))).length;

  it('refuses a move inside the last 24 hours, so cancelling still costs the fee', async () => {
    // Tomorrow 3:00 PM in San Francisco: 2026-11-24T23:00Z.
    const { customer, booking } = await acceptedBooking('2026-11-24', '3:00 PM');
    const start = new Date(booking.startsAt).getTime();
    clock.set(new Date(start - 20 * 3_600_000));
    try {
      const before = await stored(booking.id);
      const eventsBefore = await events(booking.id);
      const view = (await call(customer, 'GET', `/api/bookings/${booking.id}`)).json() as Booking;
      expect(view.cancellationFeeCents).toBe(1500);
      expect(view.allowedActions).toEqual(['cancel']);

      const moved = await call(customer, 'POST', `/api/bookings/${booking.id}/reschedule`, { date: '2026-11-30', time: '9:00 AM' });
      expect(moved.statusCode).toBe(409);
      expect(moved.json().message).toBe(
        'Less than 24 hours before the start a booking can no longer be moved. Cancelling costs the $15.00 late cancellation fee.',
      );
      const after = await stored(booking.id);
      expect(after.startsAt).toEqual(before.startsAt);
      expect(after.status).toBe('accepted');
      expect(await events(booking.id)).toBe(eventsBefore);

      // The dodge's second half: the cancel still costs the fee.
      const cancel = await call(customer, 'POST', `/api/bookings/${booking.id}/cancel`, {});
      expect(cancel.statusCode).toBe(409);
      expect(cancel.json().message).toContain('$15.00 late cancellation fee');
    } finally {
      clock.set(startOfTests);
    }
  });

  it('refuses a move once the start has passed', async () => {
    const { customer, booking } = await acceptedBooking('2026-11-25', '9:00 AM');
    const start = new Date(booking.startsAt).getTime();
    clock.set(new Date(start + 30 * 60_000));
    try {
      const before = await stored(booking.id);
      const moved = await call(customer, 'POST', `/api/bookings/${booking.id}/reschedule`, { date: '2026-11-30', time: '9:00 AM' });
      expect(moved.statusCode).toBe(409);
      expect(moved.json().message).toBe('This booking’s start has passed, so it can no longer be moved.');
      expect((await stored(booking.id)).startsAt).toEqual(before.startsAt);
    } finally {
      clock.set(startOfTests);
    }
  });

  it('still moves an unpaid hold inside the window: there is no card to charge a fee to', async () => {
    const detailer = await createDetailer(t.ctx);
    const customer = await quickCustomer();
    // Tomorrow 9:00 AM is 25 hours away at the clock; 20 hours before it, the hold is made and moved.
    clock.set(new Date(Date.parse('2026-11-24T17:00:00Z') - 20 * 3_600_000));
    try {
      const { body } = await book(customer, detailer.detailerId, detailer.serviceId, '2026-11-24', '9:00 AM');
      expect(body.allowedActions).toContain('reschedule');
      const moved = await call(customer, 'POST', `/api/bookings/${body.id}/reschedule`, { date: '2026-11-24', time: '11:00 AM' });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({ status: 'pending_payment', time: '11:00 AM' });
    } finally {
      clock.set(startOfTests);
    }
  });

  it('still moves a booking more than 24 hours ahead', async () => {
    const { customer, booking } = await acceptedBooking('2026-11-25', '9:00 AM');
    const moved = await call(customer, 'POST', `/api/bookings/${booking.id}/reschedule`, { date: '2026-11-30', time: '9:00 AM' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ status: 'accepted', date: '2026-11-30', time: '9:00 AM' });
  });
});
