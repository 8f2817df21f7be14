import type { BookingAction, BookingStatus } from '@core/domain/booking-status.ts';
import type { Database } from '../db/client.ts';
import type { BookingRow } from './booking-records.ts';

/** A booking move as it is applied: the row as the move left it, inside the move's transaction (decision 045). */
export type BookingMove = {
  booking: BookingRow;
  action: BookingAction;
  from: BookingStatus;
  to: BookingStatus;
  /** The detailer's time zone, which the job's day is counted in. */
  timeZone: string;
  now: Date;
};

/**
 * What another room does when a booking moves, in the move's own transaction (under the row lock its UPDATE took):
 * throwing refuses the move and rolls it back. Bookings declares it and calls each follower in order; the rooms that
 * follow (proof, referrals, tracking, promo codes) implement it and the composition root (buildApp) lists them in
 * the context (`ctx.bookingMoveFollowers`), so bookings imports none of them, as money goes through `onMoneyEffect`.
 */
export type BookingMoveFollower = (tx: Database, move: BookingMove) => Promise<void>;
