import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { notifications, weatherChecks } from '../../server/db/schema.ts';
import { runWeatherChecks } from '../../server/weather/weather-job.ts';
import type { ForecastProvider } from '../../server/weather/forecast-provider.ts';
import { createAdmin, createBooking, createCategory, createCustomer, createDetailer } from '../factories/index.ts';
import { useTwoInstances } from '../factories/two-instances.ts';
import { createCaller, createTestClock, databaseKinds } from './test-app.ts';

const hour = 3_600_000;

describe.each(databaseKinds)('weather checks on %s', (kind) => {
  const clock = createTestClock(new Date('2026-11-23T16:00:00Z'));
  const instances = useTwoInstances(kind, { clock });
  const t = () => instances.a;
  const { call } = createCaller(t, clock);
  let admin: { id: number };

  beforeAll(async () => {
    admin = await createAdmin(t().ctx, { password: undefined });
  });

  /** An accepted booking of a fresh detailer's service (an exterior wash unless told), with its own ZIP code. */
  async function acceptedBooking(startsAt: Date, zip: string, categoryId?: number) {
    const customer = await createCustomer(t().ctx, { password: undefined });
    const detailer = await createDetailer(t().ctx, categoryId ? { service: { categoryId } } : {});
    const booking = await createBooking(t().ctx, {
      customerId: customer.id,
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
      status: 'accepted',
      startsAt,
      zip,
    });
    return { customer, detailer, booking };
  }

  const setWeather = async (zip: string, date: string, condition: string, precipitationChance: number) => {
    const response = await call(admin, 'PUT', '/api/test-weather', { zip, date, condition, precipitationChance });
    expect(response.statusCode, response.body).toBe(200);
  };

  const rainNoticesOf = (userId: number) =>
    t()
      .db.select({ title: notifications.title, type: notifications.type, entityId: notifications.entityId, message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.title, 'Rain expected')));

  const checksOf = (bookingId: number) => t().db.select().from(weatherChecks).where(eq(weatherChecks.bookingId, bookingId));

  it('notifies customer and detailer once per window when two instances run the pass at once', async () => {
    const start = new Date('2026-11-24T17:00:00Z'); // Tuesday 9:00 AM in Los Angeles
    const { customer, detailer, booking } = await acceptedBooking(start, '94110');
    await setWeather('94110', '2026-11-24', 'rain', 80);

    const before = (hours: number) => new Date(start.getTime() - hours * hour);
    const passes = await Promise.all(
      [instances.a, instances.b, instances.a, instances.b].map((app) => runWeatherChecks(app.ctx, before(20))),
    );
    expect(passes.reduce((sum, pass) => sum + pass.flagged, 0)).toBe(1);
    expect(await checksOf(booking.id)).toEqual([expect.objectContaining({ checkWindow: '24h', outcome: 'wet', precipitationChance: 80 })]);
    const customerNotices = await rainNoticesOf(customer.id);
    expect(customerNotices).toEqual([
      { title: 'Rain expected', type: 'booking_update', entityId: String(booking.id), message: expect.stringContaining('Tuesday, Nov 24') },
    ]);
    expect(customerNotices[0]!.message).toContain('Rain is likely (80% chance)');
    expect(await rainNoticesOf(detailer.user.id)).toHaveLength(1);

    // A later pass in the same window changes nothing; the 3-hour window checks again, once.
    expect((await runWeatherChecks(instances.b.ctx, before(10))).checked).toBe(0);
    await Promise.all([runWeatherChecks(instances.a.ctx, before(2)), runWeatherChecks(instances.b.ctx, before(2))]);
    expect((await checksOf(booking.id)).map((check) => check.checkWindow).sort()).toEqual(['24h', '3h']);
    expect(await rainNoticesOf(customer.id)).toHaveLength(2);
    expect(await rainNoticesOf(detailer.user.id)).toHaveLength(2);
  });

  it('records a dry check below the threshold and never checks interior services', async () => {
    const start = new Date('2026-11-25T17:00:00Z');
    const dry = await acceptedBooking(start, '94111');
    const interior = await acceptedBooking(start, '94112', await createCategory(t().ctx, 'Interior'));
    await setWeather('94111', '2026-11-25', 'rain', 59);
    await setWeather('94112', '2026-11-25', 'snow', 100);
    await runWeatherChecks(t().ctx, new Date(start.getTime() - 5 * hour));
    expect(await checksOf(dry.booking.id)).toEqual([expect.objectContaining({ outcome: 'dry', precipitationChance: 59 })]);
    expect(await checksOf(interior.booking.id)).toEqual([]);
    expect(await rainNoticesOf(dry.customer.id)).toEqual([]);
    expect(await rainNoticesOf(interior.customer.id)).toEqual([]);
  });

  it('logs a failed forecast, writes nothing and asks again on the next pass', async () => {
    const start = new Date('2026-11-26T18:00:00Z');
    const { customer, booking } = await acceptedBooking(start, '94113');
    await setWeather('94113', '2026-11-26', 'snow', 90);
    const down: ForecastProvider = {
      name: 'open-meteo',
      forecastFor: () => Promise.reject(new Error('forecast service down')),
    };
    const now = new Date(start.getTime() - 6 * hour);
    const failed = await runWeatherChecks(t().ctx, now, down);
    expect(failed.failed).toBeGreaterThanOrEqual(1);
    expect(await checksOf(booking.id)).toEqual([]);
    expect(await rainNoticesOf(customer.id)).toEqual([]);
    await runWeatherChecks(t().ctx, now);
    expect(await checksOf(booking.id)).toEqual([expect.objectContaining({ outcome: 'wet' })]);
    expect((await rainNoticesOf(customer.id))[0]!.message).toContain('Snow is likely (90% chance)');
  });
});
