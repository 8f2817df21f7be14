import { greatCircleMiles, type Coordinates } from './distance.ts';

export type { Coordinates } from './distance.ts';

// Distances and travel-time rules of live tracking and service areas (decision 018). The great-circle formula
// itself lives in distance.ts (the catalog's cards use it too); this file converts and applies the rules.

export const metersPerMile = 1609.344;

/** Great-circle distance in meters, unrounded. */
export function distanceMeters(from: Coordinates, to: Coordinates): number {
  return greatCircleMiles(from, to) * metersPerMile;
}

export const milesToMeters = (miles: number) => miles * metersPerMile;
export const metersToMiles = (meters: number) => meters / metersPerMile;

/**
 * The straight-line estimate's assumptions: roads are about 30 % longer than the crow flies in a city grid, and a
 * mobile detailer's van averages 40 km/h door to door (lights, parking included).
 */
export const roadFactor = 1.3;
export const averageSpeedKmh = 40;

/** How far and how long a drive takes: route meters and seconds. */
export type TravelEstimate = { seconds: number; meters: number };

/** The offline estimate: the straight line times the road factor, at the average speed. */
export function straightLineEstimate(from: Coordinates, to: Coordinates): TravelEstimate {
  const meters = distanceMeters(from, to) * roadFactor;
  const seconds = meters / ((averageSpeedKmh * 1000) / 3600);
  return { meters: Math.round(meters), seconds: Math.round(seconds) };
}

/** Minutes shown to the customer: whole minutes, rounded up (never "0 minutes away" while still driving). */
export function etaMinutes(seconds: number): number {
  return Math.max(0, Math.ceil(seconds / 60));
}

/** 'Arriving soon' goes out when the drive is at most 5 minutes or the detailer is within 500 m as the crow flies. */
export const arrivingSoonSeconds = 5 * 60;
export const arrivingSoonMeters = 500;

export function isArrivingSoon(estimate: TravelEstimate, straightLineMeters: number): boolean {
  return estimate.seconds <= arrivingSoonSeconds || straightLineMeters <= arrivingSoonMeters;
}

/** A service area: the circle of `radiusMiles` around the detailer's base. */
export type ServiceCircle = Coordinates & { radiusMiles: number };

/** Whether a place lies inside the circle (its edge counts as inside), and how far it is from the base in miles. */
export function serviceAreaVerdict(area: ServiceCircle, place: Coordinates): { covered: boolean; distanceMiles: number } {
  const miles = greatCircleMiles(area, place);
  return { covered: miles <= area.radiusMiles, distanceMiles: Math.round(miles * 10) / 10 };
}
