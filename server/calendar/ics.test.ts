import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, utcDateTime, writeCalendar, type IcsCalendar } from './ics.ts';

/** The file read back by a maintained iCalendar parser (Mozilla's ical.js), not by our own reading of the format. */
function parsed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent)) };
}

const booking = {
  uid: 'booking-12@glossly.test',
  sequence: 0,
  stamp: new Date('2026-11-23T16:00:00Z'),
  status: 'CONFIRMED' as const,
  summary: 'Full Interior Detail with Gloss Boss Mobile Detailing',
  start: new Date('2026-12-01T17:00:00Z'),
  end: new Date('2026-12-01T19:00:00Z'),
};

describe('escapeText (RFC 5545 3.3.11)', () => {
  it('escapes backslash, semicolon and comma, and writes every line break as \\n', () => {
    expect(escapeText('a\\b;c,d')).toBe('a\\\\b\\;c\\,d');
    expect(escapeText('one\r\ntwo\nthree\rfour')).toBe('one\\ntwo\\nthree\\nfour');
  });

  it('drops control characters the format cannot carry, keeping tabs', () => {
    expect(escapeText('gate\u0000code\u0007 1\t2')).toBe('gatecode 1\t2');
  });

  it('reads back as the text it was, through a real parser', () => {
    const text = 'Gate code 4#; park on Elm, not Oak\\\nThen "ring"';
    const { events } = parsed(
      writeCalendar({ method: 'PUBLISH', events: [{ ...booking, description: text, location: '1 Market St, Apt 4; rear' }] }),
    );
    expect(events[0]!.description).toBe(text);
    expect(events[0]!.location).toBe('1 Market St, Apt 4; rear');
  });
});

describe('foldLine (RFC 5545 3.1)', () => {
  const octets = (line: string) => Buffer.byteLength(line, 'utf8');

  it('leaves a line of 75 octets alone and folds the 76th onto a line that starts with a space', () => {
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
  });

  it('keeps every physical line within 75 octets, the leading space included', () => {
    const lines = foldLine(`SUMMARY:${'Ceramic Coating '.repeat(20)}`).split('\r\n');
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((line) => line.startsWith(' '))).toBe(true);
  });

  it('never splits the octets of one character (accents, emoji)', () => {
    const line = `SUMMARY:${'é'.repeat(40)}🚗${'ü'.repeat(40)}`;
    const lines = foldLine(line).split('\r\n');
    for (const part of lines) {
      expect(octets(part)).toBeLessThanOrEqual(75);
      expect(part).not.toContain('\uFFFD');
      expect(Buffer.from(part, 'utf8').toString('utf8')).toBe(part);
    }
    expect(lines.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(line);
  });

  it('unfolds, through a real parser, to the long text it was', () => {
    const summary = `Complete Detail Package with ${'Señor Brillo’s Detailing '.repeat(6)}`.trim();
    const text = writeCalendar({ method: 'PUBLISH', events: [{ ...booking, summary }] });
    expect(text.split('\r\n').every((line) => octets(line) <= 75)).toBe(true);
    expect(parsed(text).events[0]!.summary).toBe(summary);
  });
});

describe('writeCalendar', () => {
  it('ends every line with CRLF, the last one too, and has no bare LF', () => {
    const text = writeCalendar({ method: 'PUBLISH', events: [{ ...booking, description: 'two\nlines' }] });
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('writes the times in UTC, so a calendar in any zone shows the same moment', () => {
    expect(utcDateTime(new Date('2026-12-01T09:00:00-08:00'))).toBe('20261201T170000Z');
    const text = writeCalendar({ method: 'PUBLISH', events: [booking] });
    expect(text).toContain('\r\nDTSTART:20261201T170000Z\r\n');
    expect(text).toContain('\r\nDTEND:20261201T190000Z\r\n');
    const event = parsed(text).events[0]!;
    expect(event.startDate.isDate).toBe(false);
    expect(event.startDate.zone?.tzid).toBe('UTC');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-01T17:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-12-01T19:00:00.000Z');
  });

  it('writes a day off as a whole date, its end the next day (exclusive)', () => {
    const text = writeCalendar({
      method: 'PUBLISH',
      events: [
        { uid: 'day-off-3@glossly.test', sequence: 0, stamp: booking.stamp, status: 'CONFIRMED', summary: 'Day off', date: '2026-12-31' },
      ],
    });
    const event = parsed(text).events[0]!;
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe('2026-12-31');
    expect(event.endDate.toString()).toBe('2027-01-01');
  });

  it('carries the UID, SEQUENCE, status, URL and the publisher as given', () => {
    const calendar: IcsCalendar = {
      method: 'PUBLISH',
      organizer: { name: 'Glossly', email: 'no-reply@glossly.test' },
      events: [{ ...booking, sequence: 3, status: 'TENTATIVE', url: 'https://glossly.test/bookings/12' }],
    };
    const { calendar: vcalendar, events } = parsed(writeCalendar(calendar));
    expect(vcalendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(vcalendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(events[0]!.uid).toBe('booking-12@glossly.test');
    expect(events[0]!.sequence).toBe(3);
    expect(events[0]!.component.getFirstPropertyValue('status')).toBe('TENTATIVE');
    expect(events[0]!.component.getFirstPropertyValue('url')).toBe('https://glossly.test/bookings/12');
    expect(events[0]!.organizer).toBe('mailto:no-reply@glossly.test');
  });

  it('writes a cancellation as METHOD:CANCEL with STATUS:CANCELLED, free time, and the same UID at a higher SEQUENCE', () => {
    const text = writeCalendar({ method: 'CANCEL', events: [{ ...booking, sequence: 2, status: 'CANCELLED' }] });
    const { calendar, events } = parsed(text);
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(events[0]!.uid).toBe(booking.uid);
    expect(events[0]!.sequence).toBe(2);
    expect(events[0]!.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(events[0]!.component.getFirstPropertyValue('transp')).toBe('TRANSPARENT');
  });

  it('names a feed and asks subscribers to fetch it again within the hour', () => {
    const { calendar } = parsed(writeCalendar({ method: 'PUBLISH', name: 'Glossly jobs (Gloss Boss)', refreshMinutes: 60, events: [] }));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Glossly jobs (Gloss Boss)');
    expect(ICAL.Duration.fromString(String(calendar.getFirstPropertyValue('refresh-interval'))).toSeconds()).toBe(3600);
  });
});
