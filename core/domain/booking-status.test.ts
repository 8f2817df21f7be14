import { describe, expect, it } from 'vitest';
import {
  acceptedWorkStatuses,
  activeJobStatuses,
  chargedStatuses,
  endedWithoutWorkStatuses,
  finalStatuses,
  liveStatuses,
  mainPathStatuses,
  notArrivedStatuses,
  paidLiveStatuses,
  paidStatuses,
  proofStatuses,
  statusIn,
  tripStatuses,
  upcomingStatuses,
  waitingOnDetailerStatuses,
  actionNotOpenMessage,
  actionOpensAt,
  actionsFrom,
  bookingActionLabel,
  bookingActions,
  bookingStatusLabel,
  bookingStatuses,
  bookingTransitions,
  bySoonestStart,
  detailerSeesBooking,
  moneyEffectOf,
  IllegalTransitionError,
  isActionOpen,
  isFinalStatus,
  isLiveStatus,
  nextStatus,
  openingTimeText,
  opensBeforeStartMinutesOf,
  requestAnswerBy,
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
  ['requested', 'instant-accept', 'accepted'],
  ['accepted', 'mark-overdue', 'overdue'],
  ['en_route', 'mark-overdue', 'overdue'],
  ['overdue', 'start', 'in_progress'],
  ['overdue', 'report-no-show', 'cancelled'],
  ['overdue', 'customer-absent', 'no_show'],
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
    expect(bookingStatuses.filter(isFinalStatus)).toEqual(['completed', 'declined', 'expired', 'cancelled', 'abandoned', 'no_show']);
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
      'Overdue',
      'No-show',
    ]);
  });

  it('gives an overdue job a no-show path for each side, with its money (decision 035)', () => {
    expect(actionsFrom('overdue', 'customer')).toEqual(['report-no-show']);
    expect(actionsFrom('overdue', 'detailer')).toEqual(['start', 'customer-absent']);
    expect(actionsFrom('accepted', 'system')).toEqual(['mark-overdue']);
    expect(actionsFrom('en_route', 'system')).toEqual(['mark-overdue']);
    expect(actionsFrom('in_progress', 'system')).toEqual([]);
    expect(moneyEffectOf('overdue', 'report-no-show')).toBe('release');
    expect(moneyEffectOf('overdue', 'customer-absent')).toBe('fee');
    expect(moneyEffectOf('accepted', 'mark-overdue')).toBe('none');
    // Overdue is not a live status: the job is off 'Today', and 'On my way' is gone.
    expect(actionsFrom('overdue', 'detailer')).not.toContain('start-route');
    expect(isLiveStatus('overdue')).toBe(false);
  });

  it('accepts an instant booking by the system, never by a person', () => {
    expect(nextStatus('requested', 'instant-accept')).toBe('accepted');
    expect(actionsFrom('requested', 'system')).toEqual(['expire', 'instant-accept']);
    expect(moneyEffectOf('requested', 'instant-accept')).toBe('none');
    expect(() => nextStatus('pending_payment', 'instant-accept')).toThrow(IllegalTransitionError);
  });
});

describe('requestAnswerBy', () => {
  const createdAt = new Date('2026-11-23T16:00:00Z');

  it("is the admin's request expiry after the booking was made", () => {
    const startsAt = new Date('2026-11-30T17:00:00Z');
    expect(requestAnswerBy({ createdAt, startsAt }, { requestTimeoutHours: 12 }).toISOString()).toBe('2026-11-24T04:00:00.000Z');
    expect(requestAnswerBy({ createdAt, startsAt }, { requestTimeoutHours: 3 }).toISOString()).toBe('2026-11-23T19:00:00.000Z');
    expect(requestAnswerBy({ createdAt, startsAt }, { requestTimeoutHours: 72 }).toISOString()).toBe('2026-11-26T16:00:00.000Z');
  });

  it('is the start when the start comes first', () => {
    const startsAt = new Date('2026-11-23T20:00:00Z');
    expect(requestAnswerBy({ createdAt, startsAt }, { requestTimeoutHours: 12 })).toEqual(startsAt);
  });
});

describe("the job's day", () => {
  // Thursday 2026-11-26, 9:00 AM in Los Angeles (17:00 UTC).
  const startsAt = new Date('2026-11-26T17:00:00Z');
  const zone = 'America/Los_Angeles';
  const minutesBefore = (minutes: number) => new Date(startsAt.getTime() - minutes * 60_000);

  it('guards On my way 2 hours and Start 30 minutes before the start, overdue an hour after; every other move only by the graph', () => {
    expect(
      bookingTransitions.filter((t) => t.opensBeforeStartMinutes !== undefined).map((t) => [t.action, t.opensBeforeStartMinutes]),
    ).toEqual([
      ['start-route', 120],
      ['start', 30],
      ['mark-overdue', -60],
      ['mark-overdue', -60],
      ['start', 30],
    ]);
    expect(bookingActions.map((action) => [action, opensBeforeStartMinutesOf(action)])).toEqual([
      ['authorize', null],
      ['accept', null],
      ['decline', null],
      ['start-route', 120],
      ['start', 30],
      ['complete', null],
      ['cancel', null],
      ['reschedule', null],
      ['abandon', null],
      ['expire', null],
      ['instant-accept', null],
      ['mark-overdue', -60],
      ['report-no-show', null],
      ['customer-absent', null],
    ]);
    // The guard belongs to the action: every transition of a guarded action declares the same one.
    for (const action of bookingActions) {
      expect(
        new Set(bookingTransitions.filter((t) => t.action === action).map((t) => t.opensBeforeStartMinutes ?? null)).size,
      ).toBeLessThanOrEqual(1);
    }
  });

  it('opens On my way at 7:00 AM and Start at 8:30 AM for a 9:00 AM job', () => {
    expect(actionOpensAt('start-route', startsAt)).toEqual(new Date('2026-11-26T15:00:00Z'));
    expect(actionOpensAt('start', startsAt)).toEqual(new Date('2026-11-26T16:30:00Z'));
    expect(actionOpensAt('complete', startsAt)).toBeNull();
    expect(actionOpensAt('accept', startsAt)).toBeNull();
  });

  it.each([
    ['start-route', 121, false],
    ['start-route', 120, true],
    ['start-route', 0, true],
    ['start-route', -600, true],
    ['start', 31, false],
    ['start', 30, true],
    ['start', -30, true],
    ['complete', 3 * 24 * 60, true],
    ['accept', 3 * 24 * 60, true],
    ['cancel', 3 * 24 * 60, true],
  ] as const)('%s %i minutes before the start is open: %s', (action, minutes, open) => {
    expect(isActionOpen(action, startsAt, minutesBefore(minutes))).toBe(open);
  });

  it('is closed one millisecond before its opening', () => {
    expect(isActionOpen('start', startsAt, new Date(startsAt.getTime() - 30 * 60_000 - 1))).toBe(false);
  });

  it("names the opening on the booking's wall clock, with its date when that is not today there", () => {
    expect(openingTimeText(new Date('2026-11-26T15:00:00Z'), zone, minutesBefore(121))).toBe('at 7:00 AM');
    expect(openingTimeText(new Date('2026-11-26T21:30:00Z'), zone, minutesBefore(121))).toBe('at 1:30 PM');
    expect(openingTimeText(new Date('2026-11-26T20:00:00Z'), zone, minutesBefore(121))).toBe('at 12:00 PM');
    // Monday 2026-11-23 8:00 AM there: Thursday's opening is named with its day.
    expect(openingTimeText(new Date('2026-11-26T15:00:00Z'), zone, new Date('2026-11-23T16:00:00Z'))).toBe('on Thu, Nov 26 at 7:00 AM');
    // 7:00 AM Thursday in Los Angeles is 8:30 PM in Kolkata: the zone given decides, never the process's.
    expect(openingTimeText(new Date('2026-11-26T15:00:00Z'), 'Asia/Kolkata', new Date('2026-11-26T14:00:00Z'))).toBe('at 8:30 PM');
    // Late on Wednesday in Los Angeles (already Thursday in UTC), Thursday's opening is another day.
    expect(openingTimeText(new Date('2026-11-26T15:00:00Z'), zone, new Date('2026-11-26T07:00:00Z'))).toBe('on Thu, Nov 26 at 7:00 AM');
  });

  it('says why a move is refused and when it opens, and nothing once it is open', () => {
    expect(actionNotOpenMessage('start-route', startsAt, zone, minutesBefore(121))).toBe(
      'On my way opens at 7:00 AM (2 hours before the start)',
    );
    expect(actionNotOpenMessage('start', startsAt, zone, minutesBefore(31))).toBe('Start opens at 8:30 AM (30 minutes before the start)');
    expect(actionNotOpenMessage('start-route', startsAt, zone, new Date('2026-11-23T16:00:00Z'))).toBe(
      'On my way opens on Thu, Nov 26 at 7:00 AM (2 hours before the start)',
    );
    expect(actionNotOpenMessage('start-route', startsAt, zone, minutesBefore(120))).toBeNull();
    expect(actionNotOpenMessage('start', startsAt, zone, minutesBefore(30))).toBeNull();
    expect(actionNotOpenMessage('complete', startsAt, zone, minutesBefore(3000))).toBeNull();
    expect(actionNotOpenMessage('mark-overdue', startsAt, zone, minutesBefore(-59))).toBe(
      'Mark overdue opens at 10:00 AM (1 hour after the start)',
    );
    expect(actionNotOpenMessage('mark-overdue', startsAt, zone, minutesBefore(-60))).toBeNull();
  });

  it('labels every action', () => {
    expect(bookingActions.map(bookingActionLabel)).toEqual([
      'Pay',
      'Accept',
      'Decline',
      'On my way',
      'Start',
      'Complete',
      'Cancel',
      'Reschedule',
      'Abandon',
      'Expire',
      'Accept',
      'Mark overdue',
      'Report no-show',
      'Customer absent',
    ]);
  });
});

describe('bookings in start order', () => {
  it('puts the soonest start first, across days and hours, and keeps ties together', () => {
    const starts = ['2026-12-02T09:00:00.000Z', '2026-11-30T17:00:00.000Z', '2026-12-02T08:00:00.000Z', '2026-11-30T17:00:00.000Z'];
    const sorted = starts.map((startsAt) => ({ startsAt })).sort(bySoonestStart);
    expect(sorted.map((b) => b.startsAt)).toEqual([
      '2026-11-30T17:00:00.000Z',
      '2026-11-30T17:00:00.000Z',
      '2026-12-02T08:00:00.000Z',
      '2026-12-02T09:00:00.000Z',
    ]);
  });
});

describe('the named sets of statuses, read against the graph', () => {
  const sorted = (statuses: readonly BookingStatus[]) => [...statuses].sort();
  const fromsOf = (action: BookingAction) => bookingTransitions.filter((t) => t.action === action).map((t) => t.from);
  const targetsOf = (actions: readonly BookingAction[]) => [
    ...new Set(bookingTransitions.filter((t) => actions.includes(t.action)).map((t) => t.to)),
  ];

  it('final statuses are exactly those no move leaves', () => {
    expect(sorted(finalStatuses)).toEqual(sorted(bookingStatuses.filter((status) => !bookingTransitions.some((t) => t.from === status))));
  });

  it('paid live statuses are the live ones past payment, and the authorization leads into them', () => {
    expect(sorted(paidLiveStatuses)).toEqual(sorted(liveStatuses.filter((status) => status !== 'pending_payment')));
    expect(statusIn(paidLiveStatuses, nextStatus('pending_payment', 'authorize'))).toBe(true);
    expect(sorted(paidStatuses)).toEqual(sorted([...paidLiveStatuses, 'completed']));
  });

  it('upcoming statuses are the paid ones the customer can still cancel', () => {
    const customerCancels = bookingTransitions.filter((t) => t.action === 'cancel' && t.by === 'customer').map((t) => t.from);
    expect(sorted(upcomingStatuses)).toEqual(sorted(customerCancels.filter((status) => statusIn(paidLiveStatuses, status))));
  });

  it('the trip is what On my way and Start lead to, and a job falls overdue only before it reaches the car', () => {
    expect(sorted(tripStatuses)).toEqual(sorted(targetsOf(['start-route', 'start'])));
    expect(sorted(notArrivedStatuses)).toEqual(sorted(fromsOf('mark-overdue')));
  });

  it('a job waiting on its detailer is a request or an overdue job, and the detailer has a move out of each', () => {
    expect(sorted(waitingOnDetailerStatuses)).toEqual(sorted(['requested', 'overdue']));
    for (const status of waitingOnDetailerStatuses) {
      expect(bookingTransitions.some((t) => t.from === status && t.by === 'detailer')).toBe(true);
    }
  });

  it('active jobs are the accepted ones on the main path before completion; accepted work adds completion', () => {
    expect(sorted(activeJobStatuses)).toEqual(sorted(mainPathStatuses.slice(mainPathStatuses.indexOf('accepted'), -1)));
    expect(sorted(acceptedWorkStatuses)).toEqual(sorted([...activeJobStatuses, 'completed']));
    expect(sorted(proofStatuses)).toEqual(sorted([...tripStatuses, 'completed']));
  });

  it('charged statuses are the targets of every move that captures money or charges a fee', () => {
    const charging = bookingTransitions.filter((t) => t.money === 'capture' || t.money === 'fee').map((t) => t.to);
    expect(sorted(chargedStatuses)).toEqual(sorted([...new Set(charging)]));
  });

  it('the main path is one legal move after another, from the first status to a final one', () => {
    mainPathStatuses.slice(1).forEach((status, i) => {
      expect(bookingTransitions.some((t) => t.from === mainPathStatuses[i] && t.to === status)).toBe(true);
    });
    expect(isFinalStatus(mainPathStatuses.at(-1)!)).toBe(true);
  });

  it('ending without the work is every final status but completion', () => {
    expect(sorted(endedWithoutWorkStatuses)).toEqual(sorted(finalStatuses.filter((status) => status !== 'completed')));
  });
});
