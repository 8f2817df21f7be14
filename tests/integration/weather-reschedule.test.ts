import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Booking } from '@core/schemas/booking.ts';
import type { BookingWeather, DrySlot } from '@core/schemas/weather.ts';
import { bookingEvents, bookings, notifications, weatherChecks } from '../../server/db/schema.ts';
import { runWeatherChecks } from '../../server/weather/weather-job.ts';
import { createBooking, createCustomer, createDetailer } from '../factories/index.ts';
import { createTestClock, databaseKinds } from './test-app.ts';
import { useDemoAdminApp } from './weather-test-app.ts';

const hour = 3_600_000;

describe.each(databaseKinds)('rain panel and one-tap reschedule on %s', (kind) => {
  // Monday 23 November 2026, 1:00 PM in Los Angeles: the booking below starts in 20 hours, inside the free
  // cancellation window's end (cancelling now would cost the fee).
  const clock = createTestClock(new Date('2026-11-23T21:00:00Z'));
  const t = useDemoAdminApp(kind, { clock });
  const { call } = t;
  let admin: { id: number };

  beforeAll(async () => {
    admin = await t.admin();
  });

  async function wetBooking(zip: string, startsAt = new Date('2026-11-24T17:00:00Z')) {
    const customer = await createCustomer(t.ctx, { password: undefined });
    const detailer = await createDetailer(t.ctx);
    const booking = await createBooking(t.ctx, {
      customerId: customer.id,
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
      status: 'accepted',
      startsAt,
      zip,
    });
    const set = await call(admin, 'PUT', '/api/test-weather', { zip, date: '2026-11-24', condition: 'rain', precipitationChance: 85 });
    expect(set.statusCode, set.body).toBe(200);
    await runWeatherChecks(t.ctx, clock.now());
    return { customer, detailer, booking };
  }

  it('offers the customer the three nearest dry free slots, none on the rainy day, and the detailer none', async () => {
    const { customer, detailer, booking } = await wetBooking('94120');
    // Another booking of the same detailer holds Monday 3:00 PM.
    await createBooking(t.ctx, {
      customerId: customer.id,
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
      status: 'accepted',
      startsAt: new Date('2026-11-23T23:00:00Z'),
      zip: '94199',
    });
    const response = await call(customer, 'GET', `/api/bookings/${booking.id}/weather`);
    expect(response.statusCode, response.body).toBe(200);
    const weather = response.json() as Extract<BookingWeather, { rainExpected: true }>;
    expect(weather).toMatchObject({ rainExpected: true, condition: 'rain', precipitationChance: 85, window: '24h' });
    expect(weather.drySlots.map((slot) => `${slot.date} ${slot.time}`)).toEqual([
      '2026-11-23 2:00 PM',
      '2026-11-25 9:00 AM',
      '2026-11-25 10:00 AM',
    ]);

    const asDetailer = await call(detailer.user, 'GET', `/api/bookings/${booking.id}/weather`);
    expect(asDetailer.json()).toMatchObject({ rainExpected: true, drySlots: [] });
    const stranger = await createCustomer(t.ctx, { password: undefined });
    expect((await call(stranger, 'GET', `/api/bookings/${booking.id}/weather`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/bookings/${booking.id}/weather`)).statusCode).toBe(401);
  });

  it('moves the booking to a dry slot for free inside the cancellation window, tells the detailer, and checks it again', async () => {
    const { customer, detailer, booking } = await wetBooking('94121');
    const { drySlots } = (await call(customer, 'GET', `/api/bookings/${booking.id}/weather`)).json() as { drySlots: DrySlot[] };
    const target = drySlots[1]!;
    const response = await call(customer, 'POST', `/api/bookings/${booking.id}/weather-reschedule`, { startsAt: target.startsAt });
    expect(response.statusCode, response.body).toBe(200);
    const moved = response.json() as Booking;
    expect(moved).toMatchObject({ status: 'accepted', date: target.date, time: target.time, totalCents: booking.totalCents });

    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({
      status: 'accepted',
      cancellationFeeCents: null,
      totalCents: booking.totalCents,
      startsAt: new Date(target.startsAt),
    });
    const events = await t.db.select({ action: bookingEvents.action }).from(bookingEvents).where(eq(bookingEvents.bookingId, booking.id));
    expect(events.map((e) => e.action)).toContain('reschedule');
    const told = await t.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.userId, detailer.user.id), eq(notifications.title, 'Booking rescheduled')));
    expect(told).toHaveLength(1);

    // The new start has no check yet: the panel is gone, and the next pass in its window checks it.
    expect((await call(customer, 'GET', `/api/bookings/${booking.id}/weather`)).json()).toEqual({ rainExpected: false });
    await runWeatherChecks(t.ctx, new Date(new Date(target.startsAt).getTime() - 10 * hour));
    const checks = await t.db.select().from(weatherChecks).where(eq(weatherChecks.bookingId, booking.id));
    expect(checks.map((c) => [c.startsAt.toISOString(), c.outcome]).sort()).toEqual(
      [
        [booking.startsAt.toISOString(), 'wet'],
        [new Date(target.startsAt).toISOString(), 'dry'],
      ].sort(),
    );
    // Moved once: a second tap finds no rain at the new time.
    const again = await call(customer, 'POST', `/api/bookings/${booking.id}/weather-reschedule`, { startsAt: drySlots[0]!.startsAt });
    expect(again.statusCode).toBe(409);
  });

  it('refuses the detailer, another customer, a time not offered, bad input and a booking without rain, changing nothing', async () => {
    const { customer, detailer, booking } = await wetBooking('94122');
    const { drySlots } = (await call(customer, 'GET', `/api/bookings/${booking.id}/weather`)).json() as { drySlots: DrySlot[] };
    const url = `/api/bookings/${booking.id}/weather-reschedule`;
    const stranger = await createCustomer(t.ctx, { password: undefined });

    expect((await call(detailer.user, 'POST', url, { startsAt: drySlots[0]!.startsAt })).statusCode).toBe(403);
    expect((await call(stranger, 'POST', url, { startsAt: drySlots[0]!.startsAt })).statusCode).toBe(404);
    expect((await call(null, 'POST', url, { startsAt: drySlots[0]!.startsAt })).statusCode).toBe(401);
    const rainy = await call(customer, 'POST', url, { startsAt: booking.startsAt.toISOString() });
    expect(rainy.statusCode).toBe(409);
    expect(rainy.json().message).toBe('That time is not one of the dry times offered. Please choose one of them.');
    const farOff = await call(customer, 'POST', url, { startsAt: '2027-01-05T17:00:00Z' });
    expect(farOff.statusCode).toBe(409);
    expect((await call(customer, 'POST', url, { startsAt: 'tomorrow' })).statusCode).toBe(400);
    expect((await call(customer, 'POST', `/api/bookings/abc/weather-reschedule`, { startsAt: drySlots[0]!.startsAt })).statusCode).toBe(
      400,
    );

    const dry = await createBooking(t.ctx, {
      customerId: customer.id,
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
      status: 'accepted',
      startsAt: new Date('2026-11-27T17:00:00Z'),
      zip: '94123',
    });
    const notWet = await call(customer, 'POST', `/api/bookings/${dry.id}/weather-reschedule`, { startsAt: drySlots[0]!.startsAt });
    expect(notWet.statusCode).toBe(409);
    expect(notWet.json().message).toContain('No rain is expected');

    const [unchanged] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(unchanged!.startsAt).toEqual(booking.startsAt);
  });

  it('keeps the test forecasts to admins: 401 signed out, 403 for customers, 400 for bad input', async () => {
    const customer = await createCustomer(t.ctx, { password: undefined });
    const body = { zip: '94124', date: '2026-11-24', condition: 'rain', precipitationChance: 70 };
    expect((await call(null, 'GET', '/api/test-weather')).statusCode).toBe(401);
    expect((await call(customer, 'GET', '/api/test-weather')).statusCode).toBe(403);
    expect((await call(customer, 'PUT', '/api/test-weather', body)).statusCode).toBe(403);
    expect((await call(customer, 'POST', '/api/test-weather/run')).statusCode).toBe(403);
    expect((await call(customer, 'DELETE', '/api/test-weather/94124/2026-11-24')).statusCode).toBe(403);
    for (const bad of [
      { precipitationChance: 101 },
      { precipitationChance: -1 },
      { zip: '9412' },
      { condition: 'hail' },
      { date: '2026-13-01' },
    ]) {
      const response = await call(admin, 'PUT', '/api/test-weather', { ...body, ...bad });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await call(admin, 'PUT', '/api/test-weather', body)).json().entries).toContainEqual(
      expect.objectContaining({ zip: '94124', precipitationChance: 70 }),
    );
    const cleared = await call(admin, 'DELETE', '/api/test-weather/94124/2026-11-24');
    expect(cleared.json().entries).not.toContainEqual(expect.objectContaining({ zip: '94124' }));
    const run = await call(admin, 'POST', '/api/test-weather/run');
    expect(run.statusCode).toBe(200);
    expect(run.json()).toEqual({ checked: expect.any(Number), flagged: expect.any(Number), failed: 0 });
  });
});

describe('the weather test page with demo mode off', () => {
  const t = useDemoAdminApp('pglite', { env: { DEMO_MODE: 'false' } });
  const { call } = t;

  it('answers 404 to everyone, admins included, whatever is sent', async () => {
    const admin = await t.admin();
    expect((await call(admin, 'GET', '/api/test-weather')).statusCode).toBe(404);
    expect((await call(admin, 'PUT', '/api/test-weather', { zip: 'x' })).statusCode).toBe(404);
    expect((await call(admin, 'POST', '/api/test-weather/run')).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', '/api/test-weather/94124/2026-11-24')).statusCode).toBe(404);
    expect((await call(null, 'GET', '/api/test-weather')).statusCode).toBe(404);
  });
});
