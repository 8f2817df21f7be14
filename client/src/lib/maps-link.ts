/** Which maps app a phone opens: Android hands a geo: link to the user's maps app, iOS opens Apple Maps. */
export type MapsPlatform = 'android' | 'ios' | 'other';

/**
 * The platform from the browser's user agent. iPadOS 13+ says 'Macintosh' like a Mac; only its touch screen tells
 * it apart, so `maxTouchPoints` (navigator.maxTouchPoints) decides for a 'Macintosh'.
 */
export function mapsPlatform(userAgent: string, maxTouchPoints = 0): MapsPlatform {
  if (/Android/i.test(userAgent)) return 'android';
  if (/iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/i.test(userAgent) && maxTouchPoints > 1)) return 'ios';
  return 'other';
}

/**
 * The link that opens a job's address in the phone's maps app, as Jobber and Housecall Pro do: geo: on Android (the
 * user's chosen maps app), Apple Maps directions on iOS, Google Maps directions anywhere else (a desktop browser).
 */
export function mapsLink(address: string, platform: MapsPlatform): string {
  const place = encodeURIComponent(address.trim().replace(/\s+/g, ' '));
  switch (platform) {
    case 'android':
      return `geo:0,0?q=${place}`;
    case 'ios':
      return `https://maps.apple.com/?daddr=${place}&dirflg=d`;
    case 'other':
      return `https://www.google.com/maps/dir/?api=1&destination=${place}`;
    default: {
      const unreachable: never = platform;
      throw new Error(`Unknown platform ${String(unreachable)}`);
    }
  }
}

/** The maps link for this browser. */
export function mapsLinkHere(address: string): string {
  const ua = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  const touch = typeof navigator === 'undefined' ? 0 : navigator.maxTouchPoints;
  return mapsLink(address, mapsPlatform(ua, touch));
}
