import { describe, expect, it } from 'vitest';
import {
  actionsFrom,
  bookingActions,
  bookingStatusLabel,
  bookingStatuses,
  bookingTransitions,
  IllegalTransitionError,
  isFinalStatus,
  isLiveStatus,
  nextStatus,
  type BookingAction,
  type BookingStatus,
} from './booking-status.ts';

const expectedGraph: [BookingStatus, BookingAction, BookingStatus][] = [
  ['pending_payment', 'authorize', 'requested'],
  ['requested', 'accept', 'accepted'],
  ['requested', 'decline', 'declined'],
  ['accepted', 'start-route', 'en_route'],
  ['en_route', 'start', 'in_progress'],
  ['in_progress', 'complete', 'completed'],
  ['pending_payment', 'cancel', 'cancelled'],
  ['requested', 'cancel', 'cancelled'],
  ['accepted', 'cancel', 'cancelled'],
  ['pending_payment', 'reschedule', 'pending_payment'],
  ['requested', 'reschedule', 'requested'],
  ['accepted', 'reschedule', 'accepted'],
  ['pending_payment', 'abandon', 'abandoned'],
  ['requested', 'expire', 'expired'],
];
const legal = new Set(expectedGraph.map(([from, action]) => `${from} ${action}`));

describe('booking transition graph', () => {
  it('declares exactly the lifecycle of PRODUCT.md', () => {
    expect(bookingTransitions.map((t) => [t.from, t.action, t.to])).toEqual(expectedGraph);
  });

  it.each(expectedGraph)('%s -%s-> %s', (from, action, to) => {
    expect(nextStatus(from, action)).toBe(to);
  });

  const illegalMoves = bookingStatuses.flatMap((from) =>
    bookingActions.filter((action) => !legal.has(`${from} ${action}`)).map((action) => [from, action] as const),
  );

  it('has every other status/action pair illegal', () => {
    expect(illegalMoves).toHaveLength(bookingStatuses.length * bookingActions.length - expectedGraph.length);
  });

  it.each(illegalMoves)('refuses %s -%s->', (from, action) => {
    let thrown: unknown;
    try {
      nextStatus(from, action);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(IllegalTransitionError);
    const error = thrown as IllegalTransitionError;
    expect(error.message).toContain(`Cannot ${action} a booking that is ${from}`);
    expect(error.from).toBe(from);
    expect(error.message).toContain(`: it cannot move from ${from} to ${error.to}`);
    if (action !== 'reschedule') expect(error.to).toBe(bookingTransitions.find((t) => t.action === action)!.to);
  });

  it('names from and to in the message', () => {
    expect(() => nextStatus('completed', 'accept')).toThrow(
      'Cannot accept a booking that is completed: it cannot move from completed to accepted',
    );
  });

  it('says who takes each action', () => {
    expect(actionsFrom('requested', 'detailer')).toEqual(['accept', 'decline']);
    expect(actionsFrom('requested', 'customer')).toEqual(['cancel', 'reschedule']);
    expect(actionsFrom('pending_payment', 'system')).toEqual(['authorize', 'abandon']);
    expect(actionsFrom('en_route', 'customer')).toEqual([]);
  });

  it('knows live and final statuses', () => {
    expect(bookingStatuses.filter(isLiveStatus)).toEqual(['pending_payment', 'requested', 'accepted', 'en_route', 'in_progress']);
    expect(bookingStatuses.filter(isFinalStatus)).toEqual(['completed', 'declined', 'expired', 'cancelled', 'abandoned']);
  });

  it('labels every status for display', () => {
    expect(bookingStatuses.map(bookingStatusLabel)).toEqual([
      'Awaiting payment',
      'Requested',
      'Accepted',
      'On the way',
      'In progress',
      'Completed',
      'Declined',
      'Expired',
      'Cancelled',
      'Abandoned',
    ]);
  });
});
