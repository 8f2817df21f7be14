import { and, eq } from 'drizzle-orm';
import { dryForecast, type Forecast } from '@core/domain/weather.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { weatherForecasts } from '../db/schema.ts';
import { createOpenMeteoProvider } from './open-meteo-provider.ts';

/** Where a job is: its ZIP code, its coordinates when known, and the zone its day and hour are in. */
export type ForecastPlace = { zip: string; latitude: number | null; longitude: number | null; timeZone: string };

/**
 * The forecast for a place on a local day (YYYY-MM-DD) at a local hour (0-23). One interface with an offline
 * built-in default and a real provider chosen by WEATHER_PROVIDER, as payments has its gateways. A provider that
 * cannot answer throws: the caller logs it and asks again on its next pass, and never treats it as dry or wet.
 */
export interface ForecastProvider {
  readonly name: 'builtin' | 'open-meteo';
  forecastFor(place: ForecastPlace, date: string, hour: number): Promise<Forecast>;
}

/**
 * The built-in provider: the weather admins set per ZIP code and day at /test-weather-notifications
 * (weather_forecasts), the same all day. Deterministic and offline; no row is a dry day.
 */
export function createBuiltinProvider(db: Database): ForecastProvider {
  return {
    name: 'builtin',
    async forecastFor(place, date) {
      const [row] = await db
        .select({ condition: weatherForecasts.condition, precipitationChance: weatherForecasts.precipitationChance })
        .from(weatherForecasts)
        .where(and(eq(weatherForecasts.zip, place.zip.trim().slice(0, 5)), eq(weatherForecasts.date, date)));
      return row ?? dryForecast;
    },
  };
}

/** The provider the configuration chose. */
export function createForecastProvider(config: Pick<Config, 'WEATHER_PROVIDER' | 'OPEN_METEO_URL'>, db: Database): ForecastProvider {
  if (config.WEATHER_PROVIDER === 'open-meteo' && config.OPEN_METEO_URL) {
    return createOpenMeteoProvider({ baseUrl: config.OPEN_METEO_URL });
  }
  return createBuiltinProvider(db);
}
