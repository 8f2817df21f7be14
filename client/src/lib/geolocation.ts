/** Why positions are not going out: the browser refused, has no fix, or the server could not be reached. */
export type SendingProblem = 'denied' | 'unavailable' | 'unsupported' | 'network';

/**
 * Asks the browser for one position, which shows its permission prompt the first time ('On my way' and the
 * Location page's switch both ask through it, so the detailer is asked once, when sharing starts).
 */
export function requestPosition(): Promise<'granted' | SendingProblem> {
  const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
  if (!geolocation) return Promise.resolve('unsupported');
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      () => resolve('granted'),
      (error) => resolve(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable'),
      { enableHighAccuracy: true, maximumAge: 60_000, timeout: 20_000 },
    );
  });
}

/** What the customer sees of a trip whose location is not shared: said to the detailer who refused it. */
export const customerSeesWithoutLocation =
  "Your customer sees 'On the way' with no map position and no arrival time until your location is shared.";
