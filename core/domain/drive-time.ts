import { slotRefusalMessages } from './time-slots.ts';
import { straightLineEstimate, type Coordinates } from './geo.ts';

// Drive time between a detailer's jobs (issue 20, decision 022): a free slot leaves room to drive from the previous
// job's address to this one, and on from this one to the next.

/** What a detailer adds to every drive (parking, unloading, a late finish); `detailers.travel_buffer_minutes`. */
export const defaultTravelBufferMinutes = 15;
/** The choices of the 'Travel buffer' select on the detailer's availability page. */
export const travelBufferChoices = [0, 10, 15, 20, 30, 45, 60] as const;
export const maxTravelBufferMinutes = 120;

/** Drives are planned in quarter hours: a 4-minute hop takes a quarter hour of the detailer's day. */
export const driveRoundingMinutes = 15;

/**
 * Seconds of driving between two points: a routing service's answer when the caller has one for this pair, else the
 * straight line times the road factor at the average speed (core/domain/geo.ts, the same estimate live tracking uses).
 */
export type DriveSeconds = (from: Coordinates, to: Coordinates) => number;
export const straightLineDriveSeconds: DriveSeconds = (from, to) => straightLineEstimate(from, to).seconds;

/** Minutes of driving rounded up to the quarter hour; the same point (one ZIP code's centre) is no drive at all. */
export function roundedDriveMinutes(seconds: number): number {
  if (seconds <= 0) return 0;
  // A few seconds of float noise must not cost a whole quarter hour.
  return Math.ceil(Math.floor(seconds) / 60 / driveRoundingMinutes - 1e-9) * driveRoundingMinutes;
}

/** The time a detailer needs between two jobs: the rounded drive plus their buffer; an unknown place: the buffer only. */
export function travelMinutes(
  from: Coordinates | null,
  to: Coordinates | null,
  bufferMinutes: number,
  driveSeconds: DriveSeconds = straightLineDriveSeconds,
): number {
  if (!from || !to) return bufferMinutes;
  return roundedDriveMinutes(driveSeconds(from, to)) + bufferMinutes;
}

/** A job on the detailer's day: when, and where (null when the place is not known). */
export type PlacedJob = { startsAt: Date; endsAt: Date; place: Coordinates | null };

/** Why a time does not fit: it overlaps a job, or leaves too little time after the previous or before the next. */
export type DriveTimeConflict = 'overlap' | 'previous' | 'next';

/**
 * Whether `job` fits among the detailer's other time-holding jobs: no overlap; the previous job (the latest ending
 * at or before the start) ends early enough to drive here; and this job ends early enough to drive to the next one
 * (the earliest starting at or after the end). Null when it fits.
 */
export function driveTimeConflict(
  job: PlacedJob,
  others: readonly PlacedJob[],
  bufferMinutes: number,
  driveSeconds: DriveSeconds = straightLineDriveSeconds,
): DriveTimeConflict | null {
  const start = job.startsAt.getTime();
  const end = job.endsAt.getTime();
  if (others.some((o) => o.startsAt.getTime() < end && o.endsAt.getTime() > start)) return 'overlap';
  let previous: PlacedJob | undefined;
  let next: PlacedJob | undefined;
  for (const other of others) {
    if (other.endsAt.getTime() <= start && (!previous || other.endsAt > previous.endsAt)) previous = other;
    if (other.startsAt.getTime() >= end && (!next || other.startsAt < next.startsAt)) next = other;
  }
  const minutes = 60_000;
  if (previous && previous.endsAt.getTime() + travelMinutes(previous.place, job.place, bufferMinutes, driveSeconds) * minutes > start) {
    return 'previous';
  }
  if (next && end + travelMinutes(job.place, next.place, bufferMinutes, driveSeconds) * minutes > next.startsAt.getTime()) {
    return 'next';
  }
  return null;
}

/** The 409's words, naming which drive does not fit (one list of refusals: time-slots.ts). */
export const tooLittleDriveTimeMessages: Record<'previous' | 'next', string> = {
  previous: slotRefusalMessages.previous,
  next: slotRefusalMessages.next,
};
