import type { CalendarStatus } from '@core/domain/calendar.ts';

// A small iCalendar (RFC 5545) writer for what Glossly publishes: timed events (jobs, bookings) and whole days (a
// detailer's days off), in one calendar object. Decision 044: our own ~100 lines rather than a package, since we write
// a handful of properties and never parse; the tests read every file back with a maintained parser (ical.js).

type EventBase = {
  /** Stable for the thing it describes (a booking keeps its UID through every change), unique across Glossly. */
  uid: string;
  /** Grows with each change of what the event says (RFC 5545 3.8.7.4): a calendar keeps the highest it has seen. */
  sequence: number;
  /** When this copy of the event was written (DTSTAMP). */
  stamp: Date;
  status: CalendarStatus;
  summary: string;
  description?: string;
  location?: string;
  /** An address back to the thing's page; a URI, so it is not TEXT-escaped. */
  url?: string;
  created?: Date;
  lastModified?: Date;
};

/** A stretch of time, written in UTC (DTSTART/DTEND ending in Z): every calendar shows it in its own zone. */
export type TimedEvent = EventBase & { start: Date; end: Date };
/** A whole day (YYYY-MM-DD) as the person living it counts days: no zone, so it stays that date everywhere. */
export type AllDayEvent = EventBase & { date: string };
export type IcsEvent = TimedEvent | AllDayEvent;

export type IcsCalendar = {
  /** PUBLISH: here is the event as it is now; CANCEL: take it off (every event then says STATUS:CANCELLED). */
  method: 'PUBLISH' | 'CANCEL';
  /** The subscribed calendar's name (X-WR-CALNAME), for a feed. */
  name?: string;
  /** How often a subscribing app should fetch again (REFRESH-INTERVAL, RFC 7986; X-PUBLISHED-TTL for Outlook). */
  refreshMinutes?: number;
  /** Who publishes (ORGANIZER): iTIP asks for one on PUBLISH and CANCEL, and Outlook needs it to apply a CANCEL. */
  organizer?: { name: string; email: string };
  events: readonly IcsEvent[];
};

const crlf = '\r\n';
const maxLineOctets = 75;

/**
 * A TEXT value (RFC 5545 3.3.11): backslash, semicolon and comma escaped, every line break (CRLF, CR or LF) as \n,
 * other control characters dropped (the format has no place for them).
 */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // eslint-disable-next-line no-control-regex -- dropping control characters is the point
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
  );
}

/**
 * One content line folded to at most 75 octets a line (RFC 5545 3.1): CRLF then a space before each continuation.
 * Counts UTF-8 octets and never splits a character's octets across two lines.
 */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character, 'utf8');
    // A continuation line's leading space is one of its 75 octets.
    const limit = lines.length === 0 ? maxLineOctets : maxLineOctets - 1;
    if (octets + size > limit) {
      lines.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  lines.push(current);
  return lines.join(`${crlf} `);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A DATE-TIME in UTC: 20261201T170000Z. */
export function utcDateTime(date: Date): string {
  return `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`;
}

/** A DATE from YYYY-MM-DD: 20261201. */
const icsDate = (date: string) => date.replaceAll('-', '');

/** The day after a YYYY-MM-DD (an all-day DTEND is exclusive). */
function nextDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

function eventLines(event: IcsEvent, organizer: IcsCalendar['organizer']): string[] {
  const lines = ['BEGIN:VEVENT', `UID:${escapeText(event.uid)}`, `SEQUENCE:${event.sequence}`, `DTSTAMP:${utcDateTime(event.stamp)}`];
  if ('date' in event) {
    lines.push(`DTSTART;VALUE=DATE:${icsDate(event.date)}`, `DTEND;VALUE=DATE:${icsDate(nextDay(event.date))}`);
  } else {
    lines.push(`DTSTART:${utcDateTime(event.start)}`, `DTEND:${utcDateTime(event.end)}`);
  }
  lines.push(`SUMMARY:${escapeText(event.summary)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.url) lines.push(`URL:${event.url.replace(/[\r\n]/g, '')}`);
  if (organizer) lines.push(`ORGANIZER;CN="${organizer.name.replace(/["\r\n]/g, '')}":mailto:${organizer.email.replace(/[\r\n]/g, '')}`);
  lines.push(`STATUS:${event.status}`, `TRANSP:${event.status === 'CANCELLED' ? 'TRANSPARENT' : 'OPAQUE'}`);
  if (event.created) lines.push(`CREATED:${utcDateTime(event.created)}`);
  if (event.lastModified) lines.push(`LAST-MODIFIED:${utcDateTime(event.lastModified)}`);
  lines.push('END:VEVENT');
  return lines;
}

/** The whole calendar object: CRLF line ends (the last line too), every line folded. */
export function writeCalendar(calendar: IcsCalendar): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Glossly//Calendars//EN', 'CALSCALE:GREGORIAN', `METHOD:${calendar.method}`];
  if (calendar.name) lines.push(`X-WR-CALNAME:${escapeText(calendar.name)}`);
  if (calendar.refreshMinutes) {
    lines.push(`REFRESH-INTERVAL;VALUE=DURATION:PT${calendar.refreshMinutes}M`, `X-PUBLISHED-TTL:PT${calendar.refreshMinutes}M`);
  }
  for (const event of calendar.events) lines.push(...eventLines(event, calendar.organizer));
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(crlf) + crlf;
}
