import { describe, expect, it } from 'vitest';
import { notificationCalendarLink, notificationLink } from './notification-links.ts';

describe('notificationLink (spec: items link by type)', () => {
  it.each([
    ['booking_request', '12', '/bookings/12'],
    ['booking_update', '12', '/bookings/12'],
    ['message', '7', '/messages?conversationId=7'],
    ['payment', '3', '/payment-success?id=3'],
    ['review', '5', '/reviews/5'],
    ['service_complete', '9', '/job-progress/9'],
    ['service_update', '9', '/job-progress/9'],
    ['user_update', '4', '/profile'],
  ] as const)('%s with entityId %s links to %s', (type, entityId, href) => {
    expect(notificationLink({ type, entityId })).toBe(href);
  });

  it.each([
    'booking_request',
    'booking_update',
    'message',
    'payment',
    'review',
    'service_complete',
    'service_update',
    'user_update',
  ] as const)('%s without an entityId has no link', (type) => {
    expect(notificationLink({ type, entityId: '' })).toBeNull();
    expect(notificationLink({ type, entityId: '  ' })).toBeNull();
  });

  it('reminder and alert have no page of their own', () => {
    expect(notificationLink({ type: 'reminder', entityId: '12' })).toBeNull();
    expect(notificationLink({ type: 'alert', entityId: '12' })).toBeNull();
  });

  it('escapes an entity id so it cannot change the path', () => {
    expect(notificationLink({ type: 'message', entityId: 'a&b' })).toBe('/messages?conversationId=a%26b');
    expect(notificationLink({ type: 'review', entityId: '../admin' })).toBe('/reviews/..%2Fadmin');
  });
});

describe('notificationCalendarLink (decision 044)', () => {
  it("gives a booking's calendar file for a booking's request or update", () => {
    expect(notificationCalendarLink({ type: 'booking_request', entityId: '12' })).toBe('/api/bookings/12/calendar.ics');
    expect(notificationCalendarLink({ type: 'booking_update', entityId: ' 7 ' })).toBe('/api/bookings/7/calendar.ics');
  });

  it('gives none for other types, or for an entity that is not a booking id', () => {
    expect(notificationCalendarLink({ type: 'service_update', entityId: '12' })).toBeNull();
    expect(notificationCalendarLink({ type: 'payment', entityId: '12' })).toBeNull();
    expect(notificationCalendarLink({ type: 'booking_update', entityId: '' })).toBeNull();
    expect(notificationCalendarLink({ type: 'booking_update', entityId: '/x' })).toBeNull();
  });
});
