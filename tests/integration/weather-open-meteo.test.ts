import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createOpenMeteoProvider, forecastOfHour } from '../../server/weather/open-meteo-provider.ts';
import { runWeatherChecks } from '../../server/weather/weather-job.ts';
import { notifications, weatherChecks } from '../../server/db/schema.ts';
import { createBooking, createCustomer, createDetailer } from '../factories/index.ts';
import { startLoopbackService } from './geo-loopback-service.ts';
import { createTestApp, createTestClock, databaseKinds, type TestApp } from './test-app.ts';

/** Open-Meteo's /v1/forecast answer for one local day: 24 hours, rain likely at 9:00. */
function dayAnswer(date: string, at9: { probability: number | null; code: number | null }) {
  const hours = Array.from({ length: 24 }, (_, h) => `${date}T${String(h).padStart(2, '0')}:00`);
  return {
    latitude: 37.78,
    longitude: -122.41,
    timezone: 'America/Los_Angeles',
    hourly_units: { time: 'iso8601', precipitation_probability: '%', weather_code: 'wmo code' },
    hourly: {
      time: hours,
      precipitation_probability: hours.map((_, h) => (h === 9 ? at9.probability : 0)),
      weather_code: hours.map((_, h) => (h === 9 ? at9.code : 1)),
    },
  };
}

const place = { zip: '94105', latitude: 37.7898, longitude: -122.3942, timeZone: 'America/Los_Angeles' };

describe('the Open-Meteo adapter against a loopback Open-Meteo', () => {
  let service: Awaited<ReturnType<typeof startLoopbackService>>;
  beforeAll(async () => {
    service = await startLoopbackService();
  });
  afterAll(() => service?.close());

  it("asks for the day's hourly chance and weather code at the job's coordinates, in its zone", async () => {
    service.answerJson(200, dayAnswer('2026-11-24', { probability: 70, code: 61 }));
    const provider = createOpenMeteoProvider({ baseUrl: service.baseUrl });
    expect(await provider.forecastFor(place, '2026-11-24', 9)).toEqual({ condition: 'rain', precipitationChance: 70 });
    expect(await provider.forecastFor(place, '2026-11-24', 14)).toEqual({ condition: 'clear', precipitationChance: 0 });
    // The day's answer is kept a while: one request for both hours.
    expect(service.requests).toHaveLength(1);
    const url = new URL(service.requests[0]!.url, service.baseUrl);
    expect(url.pathname).toBe('/v1/forecast');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      latitude: '37.7898',
      longitude: '-122.3942',
      hourly: 'precipitation_probability,weather_code',
      timezone: 'America/Los_Angeles',
      start_date: '2026-11-24',
      end_date: '2026-11-24',
    });
  });

  it('uses the ZIP code centre when the booking has no coordinates', async () => {
    service.requests.length = 0;
    service.answerJson(200, dayAnswer('2026-11-25', { probability: 90, code: 73 }));
    const provider = createOpenMeteoProvider({ baseUrl: service.baseUrl });
    expect(await provider.forecastFor({ ...place, latitude: null, longitude: null }, '2026-11-25', 9)).toEqual({
      condition: 'snow',
      precipitationChance: 90,
    });
    const url = new URL(service.requests[0]!.url, service.baseUrl);
    expect(Number(url.searchParams.get('latitude'))).toBeCloseTo(37.79, 1);
  });

  it('throws on an error status, an answer it cannot read, a missing hour and a service that never answers', async () => {
    const provider = () => createOpenMeteoProvider({ baseUrl: service.baseUrl, timeoutMs: 200 });
    service.answerJson(503, { error: true, reason: 'busy' });
    await expect(provider().forecastFor(place, '2026-11-24', 9)).rejects.toThrow(/503/);
    service.answerJson(200, '{"hourly": {"time": "not a list"}}');
    await expect(provider().forecastFor(place, '2026-11-24', 9)).rejects.toThrow();
    service.answerJson(200, dayAnswer('2026-11-23', { probability: 10, code: 3 }));
    await expect(provider().forecastFor(place, '2026-11-24', 9)).rejects.toThrow(/no forecast/);
    service.hang();
    await expect(provider().forecastFor(place, '2026-11-24', 9)).rejects.toThrow();
  });

  it('reads WMO codes as rain, snow or clear', () => {
    expect(forecastOfHour(65, 80)).toEqual({ condition: 'rain', precipitationChance: 65 });
    expect(forecastOfHour(null, 95)).toEqual({ condition: 'rain', precipitationChance: 100 });
    expect(forecastOfHour(75, 85)).toEqual({ condition: 'snow', precipitationChance: 75 });
    expect(forecastOfHour(20, 2)).toEqual({ condition: 'rain', precipitationChance: 20 });
    expect(forecastOfHour(0, 0)).toEqual({ condition: 'clear', precipitationChance: 0 });
  });
});

describe.each(databaseKinds)('weather checks through Open-Meteo on %s', (kind) => {
  const clock = createTestClock(new Date('2026-11-23T21:00:00Z'));
  let t: TestApp;
  let service: Awaited<ReturnType<typeof startLoopbackService>>;
  beforeAll(async () => {
    service = await startLoopbackService();
    t = await createTestApp(kind, { clock, env: { WEATHER_PROVIDER: 'open-meteo', OPEN_METEO_URL: service.baseUrl } });
  });
  afterAll(async () => {
    await t?.close();
    await service?.close();
  });

  it('flags a booking from the configured provider, and a failing provider flags nothing until it answers', async () => {
    const customer = await createCustomer(t.ctx, { password: undefined });
    const detailer = await createDetailer(t.ctx);
    const booking = await createBooking(t.ctx, {
      customerId: customer.id,
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
      status: 'accepted',
      startsAt: new Date('2026-11-24T17:00:00Z'),
      latitude: 37.7898,
      longitude: -122.3942,
    });
    service.answerJson(500, 'down');
    expect(await runWeatherChecks(t.ctx, clock.now())).toMatchObject({ checked: 0, failed: 1 });
    expect(await t.db.select().from(weatherChecks).where(eq(weatherChecks.bookingId, booking.id))).toEqual([]);

    service.answerJson(200, dayAnswer('2026-11-24', { probability: 80, code: 63 }));
    expect(await runWeatherChecks(t.ctx, clock.now())).toMatchObject({ checked: 1, flagged: 1, failed: 0 });
    const notices = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, customer.id), eq(notifications.title, 'Rain expected')));
    expect(notices).toHaveLength(1);
  });
});
