import { and, eq, gt, inArray, lte, or } from 'drizzle-orm';
import { paidLiveStatuses } from '@core/domain/booking-status.ts';
import { bookings } from './schema.ts';

// A condition over the schema that bookings (slots, drive times) and the catalog (a service still booked) both ask,
// kept with the schema so that the catalog needs no arrow to bookings (decision 045).

/** Bookings that hold a detailer's time at `now`: a pending_payment hold counts only until it lapses. */
export function holdsTime(now: Date) {
  return or(
    // Every live status holds time; a hold (pending_payment) only until it lapses.
    inArray(bookings.status, [...paidLiveStatuses]),
    and(eq(bookings.status, 'pending_payment'), gt(bookings.holdExpiresAt, now)),
  );
}

/** Holds whose time has lapsed at `now` but that still sit in bookings_no_overlap until they are abandoned. */
export function lapsedHold(now: Date) {
  return and(eq(bookings.status, 'pending_payment'), lte(bookings.holdExpiresAt, now));
}
