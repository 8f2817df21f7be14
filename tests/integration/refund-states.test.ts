import { afterEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Booking } from '@core/schemas/booking.ts';
import { payments } from '../../server/db/schema.ts';
import { fullyRefundedMessage } from '../../server/payments/payment-refunds.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { usePaidBookingTestApp } from '../factories/paid-booking.ts';
import { databaseKinds } from './test-app.ts';
import { completeJob } from '../factories/job-day.ts';

const booked = new Date('2026-11-23T16:00:00Z');

/**
 * What the API tells the screens about refunds: refundedCents (the ledger's refunds) and refundableCents (what was
 * captured, at completion or as a late-cancellation fee, minus refunds), on a booking's page and in the admin list;
 * and the refund service refusing more than is left without changing anything.
 */
describe.each(databaseKinds)('refund states on %s', (kind) => {
  const t = usePaidBookingTestApp(kind, booked);
  const { clock, call, paidBooking } = t;

  // Only this file's spies (the setup file keeps its own on console.error).
  const spies: MockInstance[] = [];
  afterEach(() => {
    for (const spy of spies.splice(0)) spy.mockRestore();
  });

  /** Runs a paid booking to completion (captured $78.72), at its start time: starting is allowed only near it. */
  async function completedBooking() {
    const paid = await paidBooking();
    const { detailer, booking } = paid;
    await completeJob({ ctx: t.ctx, clock, detailer: detailer.user, booking, post: (path) => call(detailer.user, 'POST', path) });
    return paid;
  }

  const read = async (user: UserRow, id: number) => {
    const response = await call(user, 'GET', `/api/bookings/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Booking;
  };
  const fromAdminList = async (id: number) => {
    const response = await call(t.admin, 'GET', '/api/bookings');
    expect(response.statusCode).toBe(200);
    return (response.json() as Booking[]).find((b) => b.id === id)!;
  };
  const money = (b: Booking) => ({ status: b.status, refundedCents: b.refundedCents, refundableCents: b.refundableCents });
  const refund = (id: number, payload: object = {}) => call(t.admin, 'POST', `/api/admin/bookings/${id}/refund`, payload);
  const ledger = (id: number) =>
    t.db
      .select({ kind: payments.kind, amountCents: payments.amountCents, status: payments.status })
      .from(payments)
      .where(eq(payments.bookingId, id))
      .orderBy(payments.id);

  it('shows nothing refundable before completion and the whole capture after it', async () => {
    const { customer, booking, detailer } = await paidBooking();
    expect(money(await read(customer, booking.id))).toEqual({ status: 'requested', refundedCents: 0, refundableCents: 0 });
    expect((await refund(booking.id)).statusCode).toBe(409);

    await completeJob({ ctx: t.ctx, clock, detailer: detailer.user, booking, post: (path) => call(detailer.user, 'POST', path) });
    const completed = { status: 'completed', refundedCents: 0, refundableCents: 7872 };
    expect(money(await read(customer, booking.id))).toEqual(completed);
    expect(money(await read(detailer.user, booking.id))).toEqual(completed);
    expect(money(await fromAdminList(booking.id))).toEqual(completed);
  });

  it('a partial refund, a refused refund of more than the rest (nothing changes), then the rest', async () => {
    const { customer, booking } = await completedBooking();
    const changes = vi.spyOn(t.ctx as { publishChange: typeof t.ctx.publishChange }, 'publishChange');
    spies.push(changes);

    const part = await refund(booking.id, { amountCents: 2000 });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({ refundedCents: 2000, totalRefundedCents: 2000, remainingCents: 5872 });
    const partly = { status: 'completed', refundedCents: 2000, refundableCents: 5872 };
    expect(money(await read(customer, booking.id))).toEqual(partly);
    expect(money(await fromAdminList(booking.id))).toEqual(partly);
    // Its open screens hear of it.
    expect(changes).toHaveBeenCalledWith({ topic: 'booking', id: booking.id }, expect.objectContaining({ roles: ['admin'] }));

    const before = { booking: await read(customer, booking.id), ledger: await ledger(booking.id) };
    changes.mockClear();
    const tooMuch = await refund(booking.id, { amountCents: 5873 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe('At most $58.72 can be refunded.');
    expect(await read(customer, booking.id)).toEqual(before.booking);
    expect(await ledger(booking.id)).toEqual(before.ledger);
    expect(changes).not.toHaveBeenCalled();

    const rest = await refund(booking.id);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({ refundedCents: 5872, totalRefundedCents: 7872, remainingCents: 0 });
    const full = { status: 'completed', refundedCents: 7872, refundableCents: 0 };
    expect(money(await read(customer, booking.id))).toEqual(full);
    expect(money(await fromAdminList(booking.id))).toEqual(full);

    const again = await refund(booking.id, { amountCents: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(fullyRefundedMessage);
    expect((await ledger(booking.id)).map((r) => [r.kind, r.amountCents, r.status])).toEqual([
      ['authorize', 7872, 'succeeded'],
      ['capture', 7872, 'succeeded'],
      ['refund', 2000, 'succeeded'],
      ['refund', 5872, 'succeeded'],
    ]);
  });

  it('a refund the gateway refuses does not count', async () => {
    const { customer, booking } = await completedBooking();
    const refused = vi.spyOn(t.ctx.gateway, 'refund');
    spies.push(refused);
    refused.mockImplementationOnce(async (intentId, amountCents) => ({ id: 're_refused', intentId, amountCents, status: 'failed' }));
    expect((await refund(booking.id, { amountCents: 1000 })).statusCode).toBe(409);
    expect((await ledger(booking.id)).filter((r) => r.kind === 'refund')).toEqual([
      { kind: 'refund', amountCents: 1000, status: 'failed' },
    ]);
    expect(money(await read(customer, booking.id))).toEqual({ status: 'completed', refundedCents: 0, refundableCents: 7872 });
  });

  it('a late cancellation: only the fee is refundable, and refunding it makes it refunded', async () => {
    const { customer, detailer, booking } = await paidBooking();
    expect((await call(detailer.user, 'POST', `/api/bookings/${booking.id}/accept`)).statusCode).toBe(200);
    clock.set(new Date(booking.startsAt.getTime() - 2 * 60 * 60_000));
    const cancelled = await call(customer, 'POST', `/api/bookings/${booking.id}/cancel`, { confirmFee: true });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(money(await read(customer, booking.id))).toEqual({ status: 'cancelled', refundedCents: 0, refundableCents: 1500 });

    const tooMuch = await refund(booking.id, { amountCents: 1501 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe('At most $15.00 can be refunded.');
    const waived = await refund(booking.id);
    expect(waived.statusCode, waived.body).toBe(200);
    expect(money(await fromAdminList(booking.id))).toEqual({ status: 'cancelled', refundedCents: 1500, refundableCents: 0 });
  });

  it('the admin list reads every booking its own amounts', async () => {
    const a = await completedBooking();
    const b = await completedBooking();
    expect((await refund(a.booking.id, { amountCents: 100 })).statusCode).toBe(200);
    expect((await refund(b.booking.id, { amountCents: 300 })).statusCode).toBe(200);
    expect((await refund(b.booking.id, { amountCents: 200 })).statusCode).toBe(200);
    const list = (await call(t.admin, 'GET', '/api/bookings')).json() as Booking[];
    const byId = new Map(list.map((x) => [x.id, x]));
    expect(money(byId.get(a.booking.id)!)).toEqual({ status: 'completed', refundedCents: 100, refundableCents: 7772 });
    expect(money(byId.get(b.booking.id)!)).toEqual({ status: 'completed', refundedCents: 500, refundableCents: 7372 });
    // Bookings without any ledger row still read 0.
    for (const booking of list.filter((x) => x.status !== 'completed' && x.status !== 'cancelled')) {
      expect([booking.refundedCents, booking.refundableCents]).toEqual([0, 0]);
    }
  });
});
