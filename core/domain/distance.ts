export type Coordinates = { latitude: number; longitude: number };

/** Where customers are assumed to be until the browser shares a location: the home screen's city. */
export const defaultCity = { label: 'San Francisco, CA', latitude: 37.7749, longitude: -122.4194 } as const;

const earthRadiusMiles = 3958.8;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance in miles, unrounded: for comparing against a radius or converting. */
export function greatCircleMiles(from: Coordinates, to: Coordinates): number {
  const dLat = toRadians(to.latitude - from.latitude);
  const dLng = toRadians(to.longitude - from.longitude);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(from.latitude)) * Math.cos(toRadians(to.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * earthRadiusMiles * Math.asin(Math.sqrt(a));
}

/** Great-circle distance in miles, rounded to one decimal as the cards show it. */
export function distanceMiles(from: Coordinates, to: Coordinates): number {
  return Math.round(greatCircleMiles(from, to) * 10) / 10;
}
