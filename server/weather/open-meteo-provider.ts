import { z } from 'zod';
import type { Forecast } from '@core/domain/weather.ts';
import { zipTableGeocoder } from '../geo/geocoder.ts';
import type { ForecastPlace, ForecastProvider } from './forecast-provider.ts';

export const openMeteoTimeoutMs = 5_000;
/** A day's hourly forecast is kept this long: the rain panel asks for several hours of the same days at once. */
const cacheMs = 10 * 60_000;

/** The part of Open-Meteo's /v1/forecast answer we read: hourly local times with their chance and WMO code. */
const forecastAnswerSchema = z.object({
  hourly: z.object({
    time: z.array(z.string()),
    precipitation_probability: z.array(z.number().min(0).max(100).nullable()),
    weather_code: z.array(z.number().int().nullable()),
  }),
});
type Hourly = z.infer<typeof forecastAnswerSchema>['hourly'];

/** WMO weather codes: 71-77 snow and 85-86 snow showers; 51-67 drizzle and rain, 80-82 showers, 95-99 thunderstorms. */
const isSnowCode = (code: number) => (code >= 71 && code <= 77) || code === 85 || code === 86;
const isRainCode = (code: number) => (code >= 51 && code <= 67) || (code >= 80 && code <= 82) || code >= 95;

/**
 * One hour of Open-Meteo's answer as our forecast: its chance of precipitation, falling as snow when the code
 * says snow and as rain otherwise; clear only when nothing is expected at all. A missing chance with a
 * precipitation code counts as certain.
 */
export function forecastOfHour(probability: number | null, code: number | null): Forecast {
  const precipitating = code !== null && (isSnowCode(code) || isRainCode(code));
  const chance = probability ?? (precipitating ? 100 : 0);
  if (code !== null && isSnowCode(code)) return { condition: 'snow', precipitationChance: chance };
  if (precipitating || chance > 0) return { condition: 'rain', precipitationChance: chance };
  return { condition: 'clear', precipitationChance: 0 };
}

export type OpenMeteoOptions = {
  /** OPEN_METEO_URL, without a trailing slash (https://api.open-meteo.com). */
  baseUrl: string;
  timeoutMs?: number;
  now?: () => number;
};

/**
 * Open-Meteo's free, key-less forecast API: GET {base}/v1/forecast?latitude=&longitude=&hourly=
 * precipitation_probability,weather_code&timezone=<the job's zone>&start_date=<day>&end_date=<day>. The job's
 * coordinates, or its ZIP code's centre when the booking has none. Any failure (down, slow, an answer we cannot
 * read, an hour it does not cover) throws.
 */
export function createOpenMeteoProvider(options: OpenMeteoOptions): ForecastProvider {
  const { baseUrl, timeoutMs = openMeteoTimeoutMs, now = Date.now } = options;
  const cache = new Map<string, { at: number; hourly: Hourly }>();

  async function hourlyFor(latitude: number, longitude: number, timeZone: string, date: string): Promise<Hourly> {
    const key = `${latitude},${longitude},${timeZone},${date}`;
    const kept = cache.get(key);
    if (kept && now() - kept.at < cacheMs) return kept.hourly;
    const query = new URLSearchParams({
      latitude: String(latitude),
      longitude: String(longitude),
      hourly: 'precipitation_probability,weather_code',
      timezone: timeZone,
      start_date: date,
      end_date: date,
    });
    const response = await fetch(`${baseUrl}/v1/forecast?${query}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`Open-Meteo answered ${response.status}`);
    const { hourly } = forecastAnswerSchema.parse(await response.json());
    cache.set(key, { at: now(), hourly });
    return hourly;
  }

  return {
    name: 'open-meteo',
    async forecastFor(place: ForecastPlace, date: string, hour: number) {
      const located =
        place.latitude !== null && place.longitude !== null
          ? { latitude: place.latitude, longitude: place.longitude }
          : await zipTableGeocoder.locateZip(place.zip);
      if (!located) throw new Error(`no coordinates for ZIP code ${place.zip}`);
      const hourly = await hourlyFor(located.latitude, located.longitude, place.timeZone, date);
      const index = hourly.time.indexOf(`${date}T${String(hour).padStart(2, '0')}:00`);
      if (index < 0) throw new Error(`Open-Meteo has no forecast for ${date} ${hour}:00`);
      return forecastOfHour(hourly.precipitation_probability[index] ?? null, hourly.weather_code[index] ?? null);
    },
  };
}
