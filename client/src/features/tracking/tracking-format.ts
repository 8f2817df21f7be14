import { metersToMiles } from '@core/domain/geo.ts';

/** '2.4 mi' above a tenth of a mile, else feet: '450 ft'. */
export function distanceText(meters: number | null): string | null {
  if (meters === null) return null;
  const miles = metersToMiles(meters);
  if (miles >= 0.1) return `${miles.toFixed(1)} mi`;
  return `${Math.max(10, Math.round((meters * 3.28084) / 10) * 10)} ft`;
}

/** 'just now', '1 min ago', '3 min ago', '2 h ago'. */
export function agoText(isoDate: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(isoDate)) / 1000));
  if (seconds < 45) return 'just now';
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return `${minutes} min ago`;
  return `${Math.floor(minutes / 60)} h ago`;
}
