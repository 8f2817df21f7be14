import type { DeviceName } from '../schemas/notification.ts';

/** The browser named in a user agent, as the device-token registration records it (spec section 3). */
export function detectDeviceName(userAgent: string): DeviceName {
  // Order matters: Edge and Chrome on iOS/Android also say "Safari", Edge also says "Chrome".
  if (/\bEdg(e|A|iOS)?\//.test(userAgent)) return 'Edge';
  if (/\bMSIE |\bTrident\//.test(userAgent)) return 'Internet Explorer';
  if (/\b(Firefox|FxiOS)\//.test(userAgent)) return 'Firefox';
  if (/\b(Chrome|CriOS|Chromium)\//.test(userAgent)) return 'Chrome';
  if (/\bSafari\//.test(userAgent) && /\bVersion\//.test(userAgent)) return 'Safari';
  return 'Unknown';
}
