const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

// Made on first use, when the panel first lists something: building it loads the locale's data, about 65 ms of a
// phone's main thread at 4x CPU, which every signed-in page paid as it loaded the bell (decision 024).
let format: Intl.RelativeTimeFormat | undefined;

/** "just now", "5 minutes ago", "yesterday"... */
export function relativeAge(isoDate: string, now: Date = new Date()): string {
  const seconds = Math.round((now.getTime() - new Date(isoDate).getTime()) / 1000);
  if (seconds < 45) return 'just now';
  format ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of units) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return format.format(-1, 'minute');
}
