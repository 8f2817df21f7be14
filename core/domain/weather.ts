/**
 * Weather and smart booking (issue 20, decision 022): which bookings a forecast may flag, and when it is wet.
 * Pure rules; the scheduler (server/weather/weather-job.ts) and the rain panel apply them.
 */

export const weatherConditions = ['clear', 'rain', 'snow'] as const;
export type WeatherCondition = (typeof weatherConditions)[number];

export type Forecast = { condition: WeatherCondition; precipitationChance: number };

/** No forecast set (the built-in provider has no row for that ZIP and day): dry. */
export const dryForecast: Forecast = { condition: 'clear', precipitationChance: 0 };

/**
 * Rain or snow is "likely" from this chance of precipitation on (percent). 60 %: below it most forecasts of the
 * day stay dry at any given hour, and a customer told to move a wash for a 40 % shower would be moved for nothing.
 */
export const rainThresholdPercent = 60;

/** The two checks before the start: 24 hours ahead (a day to move it) and 3 hours ahead (the latest forecast). */
export const weatherWindows = [
  { window: '24h', fromHours: 3, toHours: 24 },
  { window: '3h', fromHours: 0, toHours: 3 },
] as const;
export type WeatherWindow = (typeof weatherWindows)[number]['window'];

const hourMs = 3_600_000;

/** The window a start is in at `now` (within 24 hours but more than 3: '24h'; within 3: '3h'), or null. */
export function weatherWindowAt(startsAt: Date, now: Date): WeatherWindow | null {
  const hoursAhead = (startsAt.getTime() - now.getTime()) / hourMs;
  const found = weatherWindows.find((w) => hoursAhead > w.fromHours && hoursAhead <= w.toHours);
  return found?.window ?? null;
}

/** Rain or snow at or above the threshold. */
export function isWet(forecast: Forecast): boolean {
  return forecast.condition !== 'clear' && forecast.precipitationChance >= rainThresholdPercent;
}

/**
 * Whether rain can spoil a service of this category: exterior work, full details, protection (coatings cure
 * outdoors). Interior work never is, whatever the column says: a category named Interior added after the
 * migration's backfill keeps the column's default (true), and an interior job is not spoiled by rain.
 */
export function isWeatherSensitive(category: { name: string; weatherSensitive: boolean }): boolean {
  return category.weatherSensitive && category.name.trim().toLowerCase() !== 'interior';
}

/** The rain rule: a weather-sensitive service with a wet forecast is flagged; anything else is not. */
export function shouldFlagRain(category: { name: string; weatherSensitive: boolean }, forecast: Forecast): boolean {
  return isWeatherSensitive(category) && isWet(forecast);
}

export const rainExpectedTitle = 'Rain expected';

/** "rain" or "snow", for the notification's text. */
export const precipitationWord = (condition: WeatherCondition) => (condition === 'snow' ? 'Snow' : 'Rain');
