import type { NotificationType } from '../schemas/notification.ts';
import { bookingCalendarPath } from './calendar.ts';

/**
 * Where a notification item links (spec, App shell: "Items link by type"). Null when the type has no page
 * or the notification names no entity.
 */
export function notificationLink(notification: { type: NotificationType; entityId: string }): string | null {
  const id = notification.entityId.trim();
  if (!id) return null;
  const encoded = encodeURIComponent(id);
  switch (notification.type) {
    case 'booking_request':
    case 'booking_update':
      return `/bookings/${encoded}`;
    case 'message':
      return `/messages?conversationId=${encoded}`;
    case 'payment':
      return `/payment-success?id=${encoded}`;
    case 'review':
      return `/reviews/${encoded}`;
    case 'service_complete':
    case 'service_update':
      return `/job-progress/${encoded}`;
    case 'user_update':
      return '/profile';
    case 'reminder':
    case 'alert':
      return null;
    case 'promotions':
      // A campaign's call to action: an in-app path only, never another site (decision 022).
      return id.startsWith('/') && !id.startsWith('//') ? id : null;
    default: {
      const unknownType: never = notification.type;
      return unknownType;
    }
  }
}

/**
 * The calendar file an email about a booking carries (decision 044): a new request, an acceptance, a move or a
 * cancellation. The link gives the booking as it is when opened (an updated time, or a cancellation), never a copy
 * that a later change would make wrong. Null for every other notification.
 */
export function notificationCalendarLink(notification: { type: NotificationType; entityId: string }): string | null {
  if (notification.type !== 'booking_request' && notification.type !== 'booking_update') return null;
  const id = notification.entityId.trim();
  return /^[1-9]\d{0,9}$/.test(id) ? bookingCalendarPath(Number(id)) : null;
}
