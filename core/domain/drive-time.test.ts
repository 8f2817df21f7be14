import { describe, expect, it } from 'vitest';
import { driveTimeConflict, roundedDriveMinutes, travelMinutes, type PlacedJob } from './drive-time.ts';

// Mission District (94110) and Outer Sunset (94122), San Francisco; across the bay: Oakland (94612).
const mission = { latitude: 37.7485, longitude: -122.4184 };
const sameStreet = { latitude: 37.7486, longitude: -122.4185 };
const oakland = { latitude: 37.8085, longitude: -122.2708 };
const sanJose = { latitude: 37.3382, longitude: -121.8863 };

const at = (hhmm: string) => new Date(`2026-12-01T${hhmm}:00Z`);
const job = (from: string, to: string, place: PlacedJob['place']): PlacedJob => ({ startsAt: at(from), endsAt: at(to), place });

describe('roundedDriveMinutes', () => {
  it('rounds any drive up to the quarter hour', () => {
    expect(roundedDriveMinutes(0)).toBe(0);
    expect(roundedDriveMinutes(1)).toBe(15);
    expect(roundedDriveMinutes(15 * 60)).toBe(15);
    expect(roundedDriveMinutes(15 * 60 + 1)).toBe(30);
    expect(roundedDriveMinutes(44 * 60)).toBe(45);
  });
});

describe('travelMinutes', () => {
  it('adds the buffer to the rounded drive', () => {
    expect(travelMinutes(mission, mission, 15)).toBe(15);
    expect(travelMinutes(mission, sameStreet, 15)).toBe(30);
    expect(travelMinutes(mission, sanJose, 0)).toBeGreaterThanOrEqual(60);
  });

  it('uses only the buffer when either place is unknown', () => {
    expect(travelMinutes(null, sanJose, 20)).toBe(20);
    expect(travelMinutes(mission, null, 0)).toBe(0);
  });

  it('uses the routing answer when given one', () => {
    expect(travelMinutes(mission, oakland, 10, () => 20 * 60)).toBe(40);
  });
});

describe('driveTimeConflict', () => {
  const washAtNine = job('09:00', '09:45', mission);

  it('keeps the next slot for a job at the same place', () => {
    expect(driveTimeConflict(job('10:00', '10:45', mission), [washAtNine], 15)).toBeNull();
  });

  it('removes the next slot for a job across town', () => {
    expect(driveTimeConflict(job('10:00', '10:45', oakland), [washAtNine], 15)).toBe('previous');
    // ...but an hour later the drive fits.
    expect(driveTimeConflict(job('11:00', '11:45', oakland), [washAtNine], 15)).toBeNull();
  });

  it('leaves room to drive on to the next job', () => {
    const nextAcrossTown = job('11:00', '11:45', sanJose);
    expect(driveTimeConflict(job('10:00', '10:45', mission), [nextAcrossTown], 15)).toBe('next');
    expect(driveTimeConflict(job('10:00', '10:45', sanJose), [nextAcrossTown], 0)).toBeNull();
  });

  it('counts only the buffer when a place is unknown', () => {
    expect(driveTimeConflict(job('10:00', '10:45', null), [washAtNine], 15)).toBeNull();
    expect(driveTimeConflict(job('10:00', '10:45', null), [washAtNine], 20)).toBe('previous');
    expect(driveTimeConflict(job('10:00', '10:45', sanJose), [job('09:00', '09:45', null)], 15)).toBeNull();
  });

  it('refuses an overlap whatever the places', () => {
    expect(driveTimeConflict(job('09:30', '10:15', mission), [washAtNine], 0)).toBe('overlap');
  });

  it('judges against the nearest neighbours only', () => {
    const day = [job('07:00', '07:30', sanJose), job('08:00', '09:00', mission)];
    expect(driveTimeConflict(job('09:15', '10:00', mission), day, 15)).toBeNull();
  });

  it('a buffer alone can remove the adjacent hour', () => {
    expect(driveTimeConflict(job('10:00', '11:00', mission), [job('09:00', '10:00', mission)], 15)).toBe('previous');
    expect(driveTimeConflict(job('10:00', '11:00', mission), [job('09:00', '10:00', mission)], 0)).toBeNull();
  });
});
