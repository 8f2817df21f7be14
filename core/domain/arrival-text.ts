import { averageSpeedKmh, etaMinutes, roadFactor } from './geo.ts';

/**
 * Honest arrival estimates (issue 37). A job located by its street address gets a minute; one known only by its
 * ZIP code's centre does not, since the address may be a mile from it ('1 Market St' got 'About 1 min away' while
 * 0.3 mi off the centre): it says 'In your area' once the detailer is inside the ZIP's reach, a range before that.
 * The server words it (tracking-queries.ts); the customer's screen shows the words as given.
 */

/** How far from its centre an address of a ZIP code may be: about a mile, the size of a city ZIP code. */
export const zipReachMeters = 1_600;

export type PlacePrecision = 'street' | 'zip';

/** The drive estimate and what it is measured to: `straightLineMeters` is from the detailer to the job's place. */
export type ArrivalEstimate = { seconds: number; straightLineMeters: number; precision: PlacePrecision };

/** '12 min', '1 h', '1 h 15 min'. */
function minutesText(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return `${Math.floor(minutes / 60)} h${rest ? ` ${rest} min` : ''}`;
}

/** The drive over the ZIP's reach, in seconds, by the straight-line assumptions (core/domain/geo.ts). */
const zipReachSeconds = (zipReachMeters * roadFactor) / ((averageSpeedKmh * 1000) / 3600);

/** What the customer reads about the detailer's arrival: 'About 12 min away', 'Arriving now', 'In your area', 'About 18–24 min away'. */
export function arrivalText({ seconds, straightLineMeters, precision }: ArrivalEstimate): string {
  if (precision === 'zip') {
    if (straightLineMeters <= zipReachMeters) return 'In your area';
    const low = Math.max(1, etaMinutes(seconds - zipReachSeconds));
    const high = Math.max(low + 1, etaMinutes(seconds + zipReachSeconds));
    return low < 60 && high < 60 ? `About ${low}–${high} min away` : `About ${minutesText(low)} – ${minutesText(high)} away`;
  }
  const minutes = etaMinutes(seconds);
  return minutes < 1 ? 'Arriving now' : `About ${minutesText(minutes)} away`;
}
