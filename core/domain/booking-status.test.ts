import { describe, expect, it } from 'vitest';
import {
  actionsFrom,
  bookingActions,
  bookingStatusLabel,
  bookingStatuses,
  bookingTransitions,
  detailerSeesBooking,
  moneyEffectOf,
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

  it('declares the money effect of each move, the same for an action whatever its start', () => {
    expect(moneyEffectOf('in_progress', 'complete')).toBe('capture');
    expect(moneyEffectOf('requested', 'decline')).toBe('release');
    expect(moneyEffectOf('requested', 'expire')).toBe('release');
    expect(moneyEffectOf('accepted', 'cancel')).toBe('fee');
    expect(moneyEffectOf('pending_payment', 'abandon')).toBe('void');
    expect(moneyEffectOf('pending_payment', 'authorize')).toBe('none');
    expect(moneyEffectOf('requested', 'reschedule')).toBe('none');
    for (const action of new Set(bookingTransitions.map((t) => t.action))) {
      expect(new Set(bookingTransitions.filter((t) => t.action === action).map((t) => t.money)).size).toBe(1);
    }
    expect(() => moneyEffectOf('completed', 'complete')).toThrow(IllegalTransitionError);
  });

  it("shows the detailer a booking once it was requested, never a customer's unpaid hold", () => {
    expect(detailerSeesBooking('pending_payment', false)).toBe(false);
    expect(detailerSeesBooking('abandoned', false)).toBe(false);
    expect(detailerSeesBooking('cancelled', false)).toBe(false);
    expect(detailerSeesBooking('cancelled', true)).toBe(true);
    expect(detailerSeesBooking('pending_payment', true)).toBe(true);
    expect(detailerSeesBooking('requested', false)).toBe(true);
    expect(detailerSeesBooking('completed', false)).toBe(true);
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
