import { describe, expect, it } from 'vitest';
import { bookingStatuses } from './booking-status.ts';
import { calendarSequence, calendarStatusOf, webcalUrl } from './calendar.ts';

describe('calendarStatusOf', () => {
  it('says what a calendar shows for every booking status', () => {
    for (const status of bookingStatuses) expect(['TENTATIVE', 'CONFIRMED', 'CANCELLED']).toContain(calendarStatusOf(status));
    expect(calendarStatusOf('requested')).toBe('TENTATIVE');
    expect(calendarStatusOf('accepted')).toBe('CONFIRMED');
    expect(calendarStatusOf('cancelled')).toBe('CANCELLED');
    expect(calendarStatusOf('declined')).toBe('CANCELLED');
  });
});

describe('calendarSequence', () => {
  const created = { action: 'create', fromStatus: null, toStatus: 'pending_payment' } as const;
  const paid = { action: 'authorize', fromStatus: 'pending_payment', toStatus: 'requested' } as const;
  const accepted = { action: 'accept', fromStatus: 'requested', toStatus: 'accepted' } as const;

  it('is 0 for a new booking and a paid request (still tentative)', () => {
    expect(calendarSequence([created])).toBe(0);
    expect(calendarSequence([created, paid])).toBe(0);
  });

  it('grows with each move that changes the time or what the calendar shows, and only then', () => {
    const moved = { action: 'reschedule', fromStatus: 'accepted', toStatus: 'accepted' } as const;
    const onTheWay = { action: 'start-route', fromStatus: 'accepted', toStatus: 'en_route' } as const;
    expect(calendarSequence([created, paid, accepted])).toBe(1);
    expect(calendarSequence([created, paid, accepted, moved])).toBe(2);
    expect(calendarSequence([created, paid, accepted, moved, onTheWay])).toBe(2);
    const cancelled = { action: 'cancel', fromStatus: 'accepted', toStatus: 'cancelled' } as const;
    expect(calendarSequence([created, paid, accepted, moved, cancelled])).toBe(3);
  });
});

describe('webcalUrl', () => {
  it('asks a calendar app to subscribe to the same address', () => {
    expect(webcalUrl('https://glossly.app/api/calendar/abc.ics')).toBe('webcal://glossly.app/api/calendar/abc.ics');
    expect(webcalUrl('http://localhost:3000/api/calendar/abc.ics')).toBe('webcal://localhost:3000/api/calendar/abc.ics');
  });
});
