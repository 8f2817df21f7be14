import { z } from 'zod';
import { weatherConditions, type WeatherCondition, type WeatherWindow } from '../domain/weather.ts';
import type { TimeSlotLabel } from '../domain/time-slots.ts';
import { dateSchema } from './common.ts';

export { weatherConditions, type WeatherCondition } from '../domain/weather.ts';

const zipMessage = 'Enter a 5-digit ZIP code';
const zipSchema = z
  .string({ error: zipMessage })
  .trim()
  .regex(/^\d{5}$/, zipMessage);

/** PUT /api/test-weather: the built-in provider's weather for one ZIP code and day (admin, demo mode). */
export const setForecastSchema = z.object({
  zip: zipSchema,
  date: dateSchema('Date'),
  condition: z.enum(weatherConditions, { error: 'Choose clear, rain or snow' }),
  precipitationChance: z
    .number({ error: 'Chance of precipitation must be a number from 0 to 100' })
    .int('Chance of precipitation must be a whole number')
    .min(0, 'Chance of precipitation must be from 0 to 100')
    .max(100, 'Chance of precipitation must be from 0 to 100'),
});
export type SetForecastInput = z.infer<typeof setForecastSchema>;

/** DELETE /api/test-weather/:zip/:date */
export const forecastKeySchema = z.object({ zip: zipSchema, date: dateSchema('Date') });

export type ForecastEntry = SetForecastInput & { updatedAt: string };
export type ForecastList = { entries: ForecastEntry[]; thresholdPercent: number; provider: 'builtin' | 'open-meteo' };

/** POST /api/test-weather/run: one pass of the weather check. */
export type WeatherRunResult = { checked: number; flagged: number; failed: number };

/** A dry free slot of the same detailer offered instead of a wet one. */
export type DrySlot = { date: string; time: TimeSlotLabel; startsAt: string };

/** GET /api/bookings/:id/weather: the 'Rain expected' panel, or nothing to show. */
export type BookingWeather =
  | { rainExpected: false }
  | {
      rainExpected: true;
      condition: WeatherCondition;
      precipitationChance: number;
      window: WeatherWindow;
      /** The three nearest dry free slots; the customer's only (others get an empty list). */
      drySlots: DrySlot[];
    };

/** POST /api/bookings/:id/weather-reschedule: one of the offered dry slots, by its start. */
export const weatherRescheduleSchema = z.object({
  startsAt: z.iso.datetime({ offset: true, error: 'Choose one of the dry times offered' }),
});
export type WeatherRescheduleInput = z.infer<typeof weatherRescheduleSchema>;
