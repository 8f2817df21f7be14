import { describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { driveTimeConflict, tooLittleDriveTimeMessages } from '@core/domain/drive-time.ts';
import type { Availability } from '@core/schemas/booking.ts';
import { bookings } from '../../server/db/schema.ts';
import { createDetailer } from '../factories/index.ts';
import { databaseKinds } from './test-app.ts';
import { slotTakenText, useBookingTestApp } from './booking-test-app.ts';

// Issue 20: a detailer's free slots leave time to drive between jobs. The factory's detailer is based in
// San Francisco (25-mile area); 94105 is SoMa, 94612 downtown Oakland (about 8 miles, a 45-minute gap with the
// default 15-minute buffer). The factory's service takes 45 minutes.
const soma = { zip: '94105', address: '1 Market St', city: 'San Francisco' };
const oakland = { zip: '94612', address: '1 Broadway', city: 'Oakland' };

describe.each(databaseKinds)('drive time between jobs on %s', (kind) => {
  const t = useBookingTestApp(kind);

  const slots = async (detailerId: number, serviceId: number, date: string, zip?: string) => {
    const query = `date=${date}&serviceId=${serviceId}${zip ? `&zip=${zip}` : ''}`;
    const response = await t.call(null, 'GET', `/api/detailers/${detailerId}/availability?${query}`);
    expect(response.statusCode).toBe(200);
    return Object.fromEntries((response.json() as Availability).slots.map((s) => [s.time, s.available]));
  };

  it('removes the next slot for a job across town and keeps it on the same street', async () => {
    const { detailerId, serviceId } = await createDetailer(t.ctx);
    const first = await t.book(await t.quickCustomer(), detailerId, serviceId, '2026-11-24', '9:00 AM', soma);
    expect(first.status).toBe(201);
    expect(await slots(detailerId, serviceId, '2026-11-24', '94105')).toMatchObject({ '10:00 AM': true, '11:00 AM': true });
    expect(await slots(detailerId, serviceId, '2026-11-24', '94612')).toMatchObject({ '10:00 AM': false, '11:00 AM': true });
    // Without a ZIP only the buffer counts: 9:45 + 15 minutes still makes 10:00.
    expect(await slots(detailerId, serviceId, '2026-11-24')).toMatchObject({ '9:00 AM': false, '10:00 AM': true });

    const across = await t.book(await t.quickCustomer(), detailerId, serviceId, '2026-11-24', '10:00 AM', oakland);
    expect(across.status).toBe(409);
    expect(across.body.message).toBe(tooLittleDriveTimeMessages.previous);
    const sameStreet = await t.book(await t.quickCustomer(), detailerId, serviceId, '2026-11-24', '10:00 AM', soma);
    expect(sameStreet.status).toBe(201);
  });

  it('leaves time to drive on to the next job', async () => {
    const { detailerId, serviceId } = await createDetailer(t.ctx);
    expect((await t.book(await t.quickCustomer(), detailerId, serviceId, '2026-11-25', '11:00 AM', soma)).status).toBe(201);
    const before = await t.book(await t.quickCustomer(), detailerId, serviceId, '2026-11-25', '10:00 AM', oakland);
    expect(before.status).toBe(409);
    expect(before.body.message).toBe(tooLittleDriveTimeMessages.next);
    const count = await t.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.detailerId, detailerId));
    expect(count).toHaveLength(1);
  });

  it('the slot list and the booking check agree on every slot', async () => {
    const { detailerId, serviceId } = await createDetailer(t.ctx);
    expect((await t.book(await t.quickCustomer(), detailerId, serviceId, '2026-11-26', '11:00 AM', soma)).status).toBe(201);
    const listed = await slots(detailerId, serviceId, '2026-11-26', oakland.zip);
    expect(Object.values(listed)).toContain(true);
    expect(Object.values(listed)).toContain(false);
    for (const [time, available] of Object.entries(listed)) {
      const customer = await t.quickCustomer();
      const attempt = await t.book(customer, detailerId, serviceId, '2026-11-26', time, oakland);
      expect({ time, status: attempt.status }).toEqual({ time, status: available ? 201 : 409 });
      // Cancelled at once so the next slot is judged against the same day.
      if (attempt.status === 201)
        expect((await t.call(customer, 'POST', `/api/bookings/${attempt.body.id}/cancel`, {})).statusCode).toBe(200);
    }
  });

  it('a reschedule keeps the drive time too', async () => {
    const { detailerId, serviceId } = await createDetailer(t.ctx);
    expect((await t.book(await t.quickCustomer(), detailerId, serviceId, '2026-11-27', '9:00 AM', soma)).status).toBe(201);
    const mover = await t.quickCustomer();
    const later = await t.book(mover, detailerId, serviceId, '2026-11-27', '2:00 PM', oakland);
    expect(later.status).toBe(201);
    const moved = await t.call(mover, 'POST', `/api/bookings/${later.body.id}/reschedule`, { date: '2026-11-27', time: '10:00 AM' });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe(tooLittleDriveTimeMessages.previous);
    expect(
      (await t.call(mover, 'POST', `/api/bookings/${later.body.id}/reschedule`, { date: '2026-11-27', time: '11:00 AM' })).statusCode,
    ).toBe(200);
  });

  it('of 10 racing bookings of neighbouring slots across town, only compatible ones succeed', async () => {
    const { detailerId, serviceId } = await createDetailer(t.ctx);
    const customers = await Promise.all(Array.from({ length: 10 }, () => t.quickCustomer()));
    const times = ['9:00 AM', '10:00 AM', '11:00 AM', '9:00 AM', '10:00 AM'] as const;
    const results = await Promise.all(
      customers.map((customer, i) => t.book(customer, detailerId, serviceId, '2026-11-28', times[i % 5]!, i % 2 === 0 ? soma : oakland)),
    );
    const statuses = results.map((r) => r.status);
    expect(
      statuses.every((s) => s === 201 || s === 409),
      t.serverErrors.join('\n'),
    ).toBe(true);
    for (const refused of results.filter((r) => r.status === 409)) {
      expect([slotTakenText, tooLittleDriveTimeMessages.previous, tooLittleDriveTimeMessages.next]).toContain(refused.body.message);
    }
    const kept = await t.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.detailerId, detailerId), inArray(bookings.status, ['pending_payment'])));
    expect(kept.length).toBe(statuses.filter((s) => s === 201).length);
    expect(kept.length).toBeGreaterThanOrEqual(1);
    // Whatever won, every pair of kept jobs leaves the drive between them.
    const placed = kept.map((b) => ({ startsAt: b.startsAt, endsAt: b.endsAt, place: { latitude: b.latitude!, longitude: b.longitude! } }));
    placed.forEach((job, i) =>
      expect(
        driveTimeConflict(
          job,
          placed.filter((_, k) => k !== i),
          15,
        ),
      ).toBeNull(),
    );
  });

  it('the detailer sets their own buffer, and only theirs', async () => {
    const { user, detailerId, serviceId } = await createDetailer(t.ctx);
    expect((await t.call(user, 'GET', '/api/detailer/travel-buffer')).json()).toEqual({ minutes: 15 });
    const customer = await t.quickCustomer();
    expect((await t.call(customer, 'PUT', '/api/detailer/travel-buffer', { minutes: 0 })).statusCode).toBe(403);
    expect((await t.call(null, 'PUT', '/api/detailer/travel-buffer', { minutes: 0 })).statusCode).toBe(401);
    for (const minutes of [-5, 121, 7.5]) {
      const bad = await t.call(user, 'PUT', '/api/detailer/travel-buffer', { minutes });
      expect(bad.statusCode).toBe(400);
    }
    const set = await t.call(user, 'PUT', '/api/detailer/travel-buffer', { minutes: 30 });
    expect(set.json()).toEqual({ minutes: 30 });
    // 9:00 to 9:45 plus 30 minutes: 10:00 is gone even on the same street.
    expect((await t.book(await t.quickCustomer(), detailerId, serviceId, '2026-11-30', '9:00 AM', soma)).status).toBe(201);
    expect(await slots(detailerId, serviceId, '2026-11-30', soma.zip)).toMatchObject({ '10:00 AM': false, '11:00 AM': true });
  });
});
