import { useEffect, useSyncExternalStore } from 'react';
import type { Coordinates } from '@core/domain/distance.ts';

export type LocationStatus = 'unknown' | 'locating' | 'shared' | 'unavailable';
type LocationState = { status: LocationStatus; coordinates: Coordinates | null };

// One store for the whole tab: the home screen and the detailers list show the same distances.
let state: LocationState = { status: 'unknown', coordinates: null };
let checkedPermission = false;
const listeners = new Set<() => void>();

function setState(next: LocationState) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Rounded to about 100 m: precise enough for "N.N miles", stable enough to cache. */
const round = (value: number) => Math.round(value * 1000) / 1000;

function locate(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) {
    setState({ status: 'unavailable', coordinates: null });
    return Promise.resolve(false);
  }
  setState({ ...state, status: 'locating' });
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setState({
          status: 'shared',
          coordinates: { latitude: round(position.coords.latitude), longitude: round(position.coords.longitude) },
        });
        resolve(true);
      },
      () => {
        setState({ status: 'unavailable', coordinates: null });
        resolve(false);
      },
      { maximumAge: 10 * 60_000, timeout: 15_000 },
    );
  });
}

/** Uses the location only when the browser has already been allowed to share it: never prompts on load. */
async function checkGrantedLocation() {
  if (checkedPermission) return;
  checkedPermission = true;
  try {
    const permission = await navigator.permissions?.query({ name: 'geolocation' });
    if (permission?.state === 'granted') await locate();
  } catch {
    // Browsers without the Permissions API: keep the default city until the user asks.
  }
}

/** The customer's shared location (or null) and `requestLocation`, which may show the browser's prompt. */
export function useSharedLocation() {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
  useEffect(() => {
    void checkGrantedLocation();
  }, []);
  return { ...current, requestLocation: locate };
}
