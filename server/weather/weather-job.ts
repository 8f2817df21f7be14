import type { FastifyInstance } from 'fastify';
import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import {
  isWeatherSensitive,
  precipitationWord,
  rainExpectedTitle,
  shouldFlagRain,
  weatherWindowAt,
  type Forecast,
} from '@core/domain/weather.ts';
import { wallClockAt, dateInZone, startText } from '@core/domain/time-slots.ts';
import type { WeatherRunResult } from '@core/schemas/weather.ts';
import type { AppContext } from '../context.ts';
import { bookings, serviceCategories, services, weatherChecks } from '../db/schema.ts';
import { selectRecords, type BookingRecord } from '../bookings/booking-records.ts';
import { notifyMany } from '../notifications/notification-service.ts';
import { startIntervalJob } from '../jobs/interval-job.ts';
import type { ForecastPlace, ForecastProvider } from './forecast-provider.ts';

export const weatherCheckIntervalMs = 5 * 60_000;
const dayMs = 24 * 3_600_000;

/** Where a booking's job is, for its forecast. */
export const placeOf = (record: BookingRecord): ForecastPlace => ({
  zip: record.booking.zip,
  latitude: record.booking.latitude,
  longitude: record.booking.longitude,
  timeZone: record.timeZone,
});

/** The forecast at a booking's start: its local day and hour. */
export function forecastAtStart(provider: ForecastProvider, record: BookingRecord): Promise<Forecast> {
  const { startsAt } = record.booking;
  return provider.forecastFor(placeOf(record), dateInZone(startsAt, record.timeZone), wallClockAt(startsAt, record.timeZone).hour);
}

function rainNotices(record: BookingRecord, forecast: Forecast) {
  const when = startText(record.booking.startsAt, record.timeZone, 'long');
  const weather = `${precipitationWord(forecast.condition)} is likely (${forecast.precipitationChance}% chance)`;
  const entityId = String(record.booking.id);
  return [
    {
      userId: record.booking.customerId,
      type: 'booking_update' as const,
      title: rainExpectedTitle,
      message: `${weather} for your ${record.serviceName} on ${when}. Move it to a dry time for free, or keep your booking.`,
      entityId,
    },
    {
      userId: record.detailerUserId,
      type: 'booking_update' as const,
      title: rainExpectedTitle,
      message: `${weather} for ${record.serviceName} with ${record.customerName} on ${when}. The customer may move it to a dry time.`,
      entityId,
    },
  ];
}

/** Each service's category: its name and whether rain spoils its work. */
export async function categoriesOf(ctx: Pick<AppContext, 'db'>, serviceIds: number[]) {
  const ids = [...new Set(serviceIds)];
  if (ids.length === 0) return new Map<number, { name: string; weatherSensitive: boolean }>();
  const rows = await ctx.db
    .select({ serviceId: services.id, name: serviceCategories.name, weatherSensitive: serviceCategories.weatherSensitive })
    .from(services)
    .innerJoin(serviceCategories, eq(serviceCategories.id, services.categoryId))
    .where(inArray(services.id, ids));
  return new Map(rows.map(({ serviceId, ...category }) => [serviceId, category]));
}

/**
 * One pass: each accepted booking of a weather-sensitive service starting within 24 hours is checked once per
 * window ('24h', then '3h') and start. The weather_checks row is inserted first (on conflict do nothing) in the
 * transaction that notifies, so of two instances running the pass at once only the one whose insert wins
 * notifies. A forecast that fails writes nothing: it is logged and asked again on the next pass, and never
 * notifies. Interior services are never checked.
 */
export async function runWeatherChecks(ctx: AppContext, now: Date, provider: ForecastProvider = ctx.forecast): Promise<WeatherRunResult> {
  const due = await selectRecords(ctx.db).where(
    and(eq(bookings.status, 'accepted'), gt(bookings.startsAt, now), lte(bookings.startsAt, new Date(now.getTime() + dayMs))),
  );
  const categoryOf = await categoriesOf(
    ctx,
    due.map((record) => record.booking.serviceId),
  );
  const result: WeatherRunResult = { checked: 0, flagged: 0, failed: 0 };
  for (const record of due) {
    const category = categoryOf.get(record.booking.serviceId);
    const window = weatherWindowAt(record.booking.startsAt, now);
    if (!window || !category || !isWeatherSensitive(category)) continue;
    const key = and(
      eq(weatherChecks.bookingId, record.booking.id),
      eq(weatherChecks.checkWindow, window),
      eq(weatherChecks.startsAt, record.booking.startsAt),
    );
    // Already checked for this window and start (here or on another instance): no need to ask the provider.
    const [done] = await ctx.db.select({ outcome: weatherChecks.outcome }).from(weatherChecks).where(key);
    if (done) continue;
    let forecast: Forecast;
    try {
      forecast = await forecastAtStart(provider, record);
    } catch (error) {
      result.failed += 1;
      ctx.log.warn({ err: error, bookingId: record.booking.id }, 'weather forecast failed: checked again on the next pass');
      continue;
    }
    const wet = shouldFlagRain(category, forecast);
    const won = await ctx.transaction(async (txCtx) => {
      const [claim] = await txCtx.db
        .insert(weatherChecks)
        .values({
          bookingId: record.booking.id,
          checkWindow: window,
          startsAt: record.booking.startsAt,
          outcome: wet ? 'wet' : 'dry',
          precipitationChance: forecast.precipitationChance,
          checkedAt: now,
        })
        .onConflictDoNothing()
        .returning({ bookingId: weatherChecks.bookingId });
      if (!claim) return false;
      if (wet) await notifyMany(txCtx, rainNotices(record, forecast));
      return true;
    });
    if (!won) continue;
    result.checked += 1;
    if (wet) result.flagged += 1;
  }
  return result;
}

/** Runs the pass every five minutes while the app is up. */
export function startWeatherJob(app: FastifyInstance, intervalMs = weatherCheckIntervalMs): void {
  startIntervalJob(
    app,
    'weather checks',
    intervalMs,
    (ctx, now) => runWeatherChecks(ctx, now),
    (result) => result.checked > 0 || result.failed > 0,
  );
}
