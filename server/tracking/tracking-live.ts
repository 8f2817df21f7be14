import type { AppContext } from '../context.ts';
import type { BookingRow } from '../bookings/booking-records.ts';

/**
 * Tells the booking's tracking screens that something they show changed (a position, sharing on or off), once the
 * surrounding transaction commits: its customer and admins, the only ones who may read a booking's tracking.
 */
export function announceTrackingChange(
  ctx: Pick<AppContext, 'afterCommit' | 'publishChange'>,
  booking: Pick<BookingRow, 'id' | 'customerId'>,
): void {
  ctx.afterCommit(() => ctx.publishChange({ topic: 'tracking', id: booking.id }, { userIds: [booking.customerId], roles: ['admin'] }));
}
