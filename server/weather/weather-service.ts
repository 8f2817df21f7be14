import { and, asc, eq, sql } from 'drizzle-orm';
import { conflict, forbidden } from '@core/errors.ts';
import { bookingHorizonDays } from '@core/domain/booking-status.ts';
import { isWet, isWeatherSensitive, rainThresholdPercent } from '@core/domain/weather.ts';
import { dateInZone, slotMinuteOfDay } from '@core/domain/time-slots.ts';
import type { Booking } from '@core/schemas/booking.ts';
import type {
  BookingWeather,
  DrySlot,
  ForecastList,
  SetForecastInput,
  WeatherRescheduleInput,
  WeatherRunResult,
} from '@core/schemas/weather.ts';
import type { AppContext } from '../context.ts';
import { weatherChecks, weatherForecasts } from '../db/schema.ts';
import { requireUser, type Actor } from '../identity/access.ts';
import { visibleRecord, type BookingRecord } from '../bookings/booking-records.ts';
import { checkDaySlots } from '../bookings/availability-service.ts';
import { rescheduleBooking } from '../bookings/booking-transitions.ts';
import { requireDemoAdmin } from '../diagnostics/demo-admin.ts';
import type { ForecastProvider } from './forecast-provider.ts';
import { categoriesOf, forecastAtStart, placeOf, runWeatherChecks } from './weather-job.ts';
import { addCalendarDays } from '@core/domain/business-weeks.ts';

// The test page's forecasts (admin, demo mode only).

export async function listForecasts(ctx: AppContext, actor: Actor): Promise<ForecastList> {
  requireDemoAdmin(ctx.config, actor);
  const rows = await ctx.db.select().from(weatherForecasts).orderBy(asc(weatherForecasts.date), asc(weatherForecasts.zip));
  return {
    entries: rows.map((row) => ({
      zip: row.zip,
      date: row.date,
      condition: row.condition,
      precipitationChance: row.precipitationChance,
      updatedAt: row.updatedAt.toISOString(),
    })),
    thresholdPercent: rainThresholdPercent,
    provider: ctx.config.WEATHER_PROVIDER,
  };
}

/** Sets one ZIP code's weather for one day, replacing what was set. */
export async function setForecast(ctx: AppContext, actor: Actor, now: Date, input: SetForecastInput): Promise<ForecastList> {
  const admin = requireDemoAdmin(ctx.config, actor);
  const values = { ...input, setByUserId: admin.id, updatedAt: now };
  await ctx.db
    .insert(weatherForecasts)
    .values(values)
    .onConflictDoUpdate({ target: [weatherForecasts.zip, weatherForecasts.date], set: values });
  return listForecasts(ctx, actor);
}

/** Clears one ZIP code's day: dry again. */
export async function clearForecast(ctx: AppContext, actor: Actor, key: { zip: string; date: string }): Promise<ForecastList> {
  requireDemoAdmin(ctx.config, actor);
  await ctx.db.delete(weatherForecasts).where(and(eq(weatherForecasts.zip, key.zip), eq(weatherForecasts.date, key.date)));
  return listForecasts(ctx, actor);
}

/** 'Run weather check now': one pass of the scheduler's job, at once. */
export async function runWeatherCheckNow(ctx: AppContext, actor: Actor, now: Date): Promise<WeatherRunResult> {
  requireDemoAdmin(ctx.config, actor);
  return runWeatherChecks(ctx, now);
}

// The 'Rain expected' panel and its one-tap reschedule.

/** The latest check of the booking's current start (the 3-hour one over the 24-hour one), if any. */
async function latestCheck(ctx: AppContext, record: BookingRecord) {
  const [check] = await ctx.db
    .select()
    .from(weatherChecks)
    .where(and(eq(weatherChecks.bookingId, record.booking.id), eq(weatherChecks.startsAt, record.booking.startsAt)))
    .orderBy(sql`case ${weatherChecks.checkWindow} when '3h' then 0 else 1 end`)
    .limit(1);
  return check;
}

/** The check that makes the rain panel show: an accepted, weather-sensitive booking whose latest check is wet. */
async function wetCheck(ctx: AppContext, record: BookingRecord) {
  if (record.booking.status !== 'accepted') return undefined;
  const category = (await categoriesOf(ctx, [record.booking.serviceId])).get(record.booking.serviceId);
  if (!category || !isWeatherSensitive(category)) return undefined;
  const check = await latestCheck(ctx, record);
  return check?.outcome === 'wet' ? check : undefined;
}

/** How far either side of the booking's day dry slots are looked for. */
const searchDays = 14;
const offeredSlots = 3;

/**
 * The three free slots of the same detailer nearest the booking's start whose forecast is dry: days outward from
 * the booking's day (today to the booking horizon), each slot as booking checks it (hours, days off, other
 * bookings), then the provider asked for that slot's hour. A slot whose forecast fails is not offered.
 */
export async function drySlotsFor(ctx: AppContext, record: BookingRecord, now: Date, provider: ForecastProvider): Promise<DrySlot[]> {
  const { booking, timeZone } = record;
  const detailer = { id: booking.detailerId, timeZone };
  const duration = Math.round((booking.endsAt.getTime() - booking.startsAt.getTime()) / 60_000);
  const today = dateInZone(now, timeZone);
  const lastDay = addCalendarDays(today, bookingHorizonDays);
  const bookingDay = dateInZone(booking.startsAt, timeZone);
  const found: Array<DrySlot & { distance: number }> = [];
  let levelsAfterEnough = 0;
  for (let distance = 0; distance <= searchDays && levelsAfterEnough < 2; distance++) {
    const days = distance === 0 ? [bookingDay] : [addCalendarDays(bookingDay, -distance), addCalendarDays(bookingDay, distance)];
    for (const date of days.filter((day) => day >= today && day <= lastDay)) {
      // One load of the detailer's day serves all its slots: the search can cover up to 29 days.
      for (const verdict of await checkDaySlots(ctx.db, now, detailer, date, duration, booking.id)) {
        if (!verdict.available || verdict.startsAt.getTime() === booking.startsAt.getTime()) continue;
        try {
          const forecast = await provider.forecastFor(placeOf(record), date, Math.floor(slotMinuteOfDay(verdict.time) / 60));
          if (isWet(forecast)) continue;
        } catch (error) {
          ctx.log.warn({ err: error, bookingId: booking.id, date }, 'weather forecast failed: slot not offered');
          continue;
        }
        const startsAt = verdict.startsAt;
        found.push({
          date,
          time: verdict.time,
          startsAt: startsAt.toISOString(),
          distance: Math.abs(startsAt.getTime() - booking.startsAt.getTime()),
        });
      }
    }
    // A slot one day further out can still be nearer than the last one found (the other end of the day).
    if (found.length >= offeredSlots) levelsAfterEnough += 1;
  }
  return found
    .sort((a, b) => a.distance - b.distance || a.startsAt.localeCompare(b.startsAt))
    .slice(0, offeredSlots)
    .map(({ date, time, startsAt }) => ({ date, time, startsAt }));
}

/** GET /api/bookings/:id/weather: whoever may see the booking; only its customer is offered the dry slots. */
export async function getBookingWeather(ctx: AppContext, actor: Actor, now: Date, id: number): Promise<BookingWeather> {
  const user = requireUser(actor);
  const { record, relation } = await visibleRecord(ctx.db, user, id);
  const check = await wetCheck(ctx, record);
  if (!check) return { rainExpected: false };
  const provider = ctx.forecast;
  // The check keeps the chance; the kind (rain or snow) is the provider's, rain when it cannot say now.
  const forecast = await forecastAtStart(provider, record).catch(() => null);
  return {
    rainExpected: true,
    condition: forecast && forecast.condition !== 'clear' ? forecast.condition : 'rain',
    precipitationChance: check.precipitationChance,
    window: check.checkWindow,
    drySlots: relation === 'customer' ? await drySlotsFor(ctx, record, now, provider) : [],
  };
}

export const notWetMessage = 'No rain is expected at this booking’s time, so it cannot be moved here. Use Reschedule instead.';
export const notOfferedMessage = 'That time is not one of the dry times offered. Please choose one of them.';

/**
 * POST /api/bookings/:id/weather-reschedule: the customer moves a booking rain is expected for to one of the dry
 * slots offered, free whatever the cancellation window (a reschedule moves no money). The booking's own
 * reschedule does the move, so the no-overlap constraint, the history and the detailer's 'Booking rescheduled'
 * stay one way. The new start is checked again by the next weather pass.
 */
export async function weatherReschedule(
  ctx: AppContext,
  actor: Actor,
  now: Date,
  id: number,
  input: WeatherRescheduleInput,
): Promise<Booking> {
  const user = requireUser(actor);
  const { record, relation } = await visibleRecord(ctx.db, user, id);
  if (relation !== 'customer') throw forbidden('Only the customer can reschedule this booking');
  if (!(await wetCheck(ctx, record))) throw conflict(notWetMessage);
  const wanted = new Date(input.startsAt).getTime();
  const slot = (await drySlotsFor(ctx, record, now, ctx.forecast)).find((s) => new Date(s.startsAt).getTime() === wanted);
  if (!slot) throw conflict(notOfferedMessage);
  return rescheduleBooking(ctx, actor, now, id, { date: slot.date, time: slot.time }, { lateWindowAllowed: true });
}
