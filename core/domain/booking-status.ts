import { defaultPlatformSettings } from './platform-settings.ts';
import { dateInZone, wallClockAt } from './time-slots.ts';

/** The booking lifecycle (PRODUCT.md "Bookings") as one declared graph; the server enforces it. */
export const bookingStatuses = [
  'pending_payment',
  'requested',
  'accepted',
  'en_route',
  'in_progress',
  'completed',
  'declined',
  'expired',
  'cancelled',
  'abandoned',
  'overdue',
  'no_show',
] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** The booking statuses a customer can book again from ('Book again', issue 16): the job is over, one way or another. */
export const bookAgainStatuses = ['completed', 'cancelled', 'declined', 'expired'] as const satisfies readonly BookingStatus[];

/** Statuses that hold the detailer's time (the database's bookings_no_overlap uses the same list). */
export const liveStatuses = [
  'pending_payment',
  'requested',
  'accepted',
  'en_route',
  'in_progress',
] as const satisfies readonly BookingStatus[];
export type LiveStatus = (typeof liveStatuses)[number];

/** Live and paid: a request up to the job in progress (liveStatuses past payment). */
export const paidLiveStatuses = ['requested', 'accepted', 'en_route', 'in_progress'] as const satisfies readonly BookingStatus[];

/** Paid for, at any point of the main path: paid live or completed (what marketing counts as a customer's booking). */
export const paidStatuses = [...paidLiveStatuses, 'completed'] as const satisfies readonly BookingStatus[];

/** Paid, the job still to come and nothing begun: the customer may still cancel it (so may a membership's end). */
export const upcomingStatuses = ['requested', 'accepted'] as const satisfies readonly BookingStatus[];

/** The detailer's trip: on the way to the car or at it (tracking, proof photos). */
export const tripStatuses = ['en_route', 'in_progress'] as const satisfies readonly BookingStatus[];

/** Accepted and the car not yet reached: the detailer may navigate there; the statuses a job falls overdue from. */
export const notArrivedStatuses = ['accepted', 'en_route'] as const satisfies readonly BookingStatus[];

/** A job that waits on its detailer now: a request to answer, or an overdue job to start or close (a job card's warning). */
export const waitingOnDetailerStatuses = ['requested', 'overdue'] as const satisfies readonly BookingStatus[];

/** The detailer's jobs in hand: accepted, on the way or in progress. */
export const activeJobStatuses = ['accepted', ...tripStatuses] as const satisfies readonly BookingStatus[];

/** The detailer accepted the job and went on with it, up to its completion (a busy slot; contact details show). */
export const acceptedWorkStatuses = [...activeJobStatuses, 'completed'] as const satisfies readonly BookingStatus[];

/** The job's trip began, so it has (or had) a proof of service to show. */
export const proofStatuses = [...tripStatuses, 'completed'] as const satisfies readonly BookingStatus[];

/** Final statuses: no move leaves them (the test checks them against the graph). */
export const finalStatuses = [
  'completed',
  'declined',
  'expired',
  'cancelled',
  'abandoned',
  'no_show',
] as const satisfies readonly BookingStatus[];

/** Statuses a move may have charged the card into: completion, or a fee (late cancellation, customer absent). */
export const chargedStatuses = ['completed', 'cancelled', 'no_show'] as const satisfies readonly BookingStatus[];

/** The main path of the lifecycle, in order (bookingStatuses declares it first); side exits (declined...) leave it. */
export const mainPathStatuses: readonly BookingStatus[] = bookingStatuses.slice(0, bookingStatuses.indexOf('completed') + 1);

/** Whether `status` is one of a named set (the sets are literal tuples; this spares each caller the widening). */
export function statusIn(statuses: readonly BookingStatus[], status: BookingStatus): boolean {
  return statuses.includes(status);
}

/**
 * Statuses a customer's hold can end in without ever having been requested (paid). The detailer learns of a
 * booking once it is requested: a booking in one of these statuses is theirs to see only if it was requested once.
 */
export const customerOnlyStatuses = ['pending_payment', 'abandoned', 'cancelled'] as const satisfies readonly BookingStatus[];

/** Whether the booking's detailer may see it (the server's TypeScript check and SQL filter both derive from this). */
export function detailerSeesBooking(status: BookingStatus, wasEverRequested: boolean): boolean {
  return wasEverRequested || !statusIn(customerOnlyStatuses, status);
}

export const bookingActions = [
  'authorize',
  'accept',
  'decline',
  'start-route',
  'start',
  'complete',
  'cancel',
  'reschedule',
  'abandon',
  'expire',
  'instant-accept',
  'mark-overdue',
  'report-no-show',
  'customer-absent',
] as const;
export type BookingAction = (typeof bookingActions)[number];

/** Actions a person can take through the API (the others are the system's). */
export const userBookingActions = [
  'accept',
  'decline',
  'start-route',
  'start',
  'complete',
  'cancel',
  'reschedule',
  'report-no-show',
  'customer-absent',
] as const satisfies readonly BookingAction[];
export type UserBookingAction = (typeof userBookingActions)[number];

export type BookingActor = 'customer' | 'detailer' | 'system';

/**
 * What a move does to the customer's money once it is committed (payments applies it):
 * none; capture the authorization (completion); release it (decline, expiry); fee: capture the late-cancellation
 * fee when one applies, else release (cancel); void: drop intents never authorized (an abandoned hold).
 * The authorization itself comes first, from the card; its move (authorize) has no further effect.
 */
export const moneyEffects = ['none', 'capture', 'release', 'fee', 'void'] as const;
export type MoneyEffect = (typeof moneyEffects)[number];

export type BookingTransition = {
  readonly from: BookingStatus;
  readonly action: BookingAction;
  readonly to: BookingStatus;
  readonly by: BookingActor;
  readonly money: MoneyEffect;
  /**
   * A guard on the job's day: the move opens this many minutes before the booking's start (and stays open after
   * it); negative, that many minutes after the start (a job falls overdue, decision 035). Without it a detailer
   * could mark a job days ahead as on the way or started, and the customer would be told so (decision 015).
   * Absent: the move is open whenever the graph allows it.
   */
  readonly opensBeforeStartMinutes?: number;
};

/** Minutes after its start a job nobody started falls overdue (decision 035). */
export const overdueAfterStartMinutes = 60;

/**
 * Every legal move. `authorize` is the payment step (the Payments issue performs it); `reschedule` keeps the
 * status and moves the time.
 */
export const bookingTransitions: readonly BookingTransition[] = [
  { from: 'pending_payment', action: 'authorize', to: 'requested', by: 'system', money: 'none' },
  { from: 'requested', action: 'accept', to: 'accepted', by: 'detailer', money: 'none' },
  { from: 'requested', action: 'decline', to: 'declined', by: 'detailer', money: 'release' },
  // On my way: the drive to the customer, at most 2 hours. Start: arriving early is fine, a day early is not.
  { from: 'accepted', action: 'start-route', to: 'en_route', by: 'detailer', money: 'none', opensBeforeStartMinutes: 120 },
  { from: 'en_route', action: 'start', to: 'in_progress', by: 'detailer', money: 'none', opensBeforeStartMinutes: 30 },
  { from: 'in_progress', action: 'complete', to: 'completed', by: 'detailer', money: 'capture' },
  { from: 'pending_payment', action: 'cancel', to: 'cancelled', by: 'customer', money: 'fee' },
  { from: 'requested', action: 'cancel', to: 'cancelled', by: 'customer', money: 'fee' },
  { from: 'accepted', action: 'cancel', to: 'cancelled', by: 'customer', money: 'fee' },
  { from: 'pending_payment', action: 'reschedule', to: 'pending_payment', by: 'customer', money: 'none' },
  { from: 'requested', action: 'reschedule', to: 'requested', by: 'customer', money: 'none' },
  { from: 'accepted', action: 'reschedule', to: 'accepted', by: 'customer', money: 'none' },
  { from: 'pending_payment', action: 'abandon', to: 'abandoned', by: 'system', money: 'void' },
  { from: 'requested', action: 'expire', to: 'expired', by: 'system', money: 'release' },
  // Instant booking (decision 035): the detailer's offered times are a promise, so the paid request is accepted at once.
  { from: 'requested', action: 'instant-accept', to: 'accepted', by: 'system', money: 'none' },
  // A job not started an hour after its time falls overdue (decision 035): off 'Today', with a no-show path each side.
  {
    from: 'accepted',
    action: 'mark-overdue',
    to: 'overdue',
    by: 'system',
    money: 'none',
    opensBeforeStartMinutes: -overdueAfterStartMinutes,
  },
  {
    from: 'en_route',
    action: 'mark-overdue',
    to: 'overdue',
    by: 'system',
    money: 'none',
    opensBeforeStartMinutes: -overdueAfterStartMinutes,
  },
  // Late but there, and the customer still waiting: the detailer can still start.
  { from: 'overdue', action: 'start', to: 'in_progress', by: 'detailer', money: 'none', opensBeforeStartMinutes: 30 },
  // The detailer never came: the customer pays nothing (the card hold is released, as on a decline).
  { from: 'overdue', action: 'report-no-show', to: 'cancelled', by: 'customer', money: 'release' },
  // The customer was not there: the late-cancellation fee the booking was priced with, the rest released.
  { from: 'overdue', action: 'customer-absent', to: 'no_show', by: 'detailer', money: 'fee' },
];

/** The status an action leads to from `status`, or null when the graph has no such move. */
export function findTransition(status: BookingStatus, action: BookingAction): BookingTransition | null {
  return bookingTransitions.find((t) => t.from === status && t.action === action) ?? null;
}

/** Where an action would have led: its target in the graph (a reschedule keeps the status it is made from). */
function intendedTarget(from: BookingStatus, action: BookingAction): BookingStatus {
  if (action === 'reschedule') return from;
  return bookingTransitions.find((t) => t.action === action)!.to;
}

export class IllegalTransitionError extends Error {
  readonly from: BookingStatus;
  readonly action: BookingAction;
  readonly to: BookingStatus;

  constructor(from: BookingStatus, action: BookingAction) {
    const to = intendedTarget(from, action);
    super(`Cannot ${action} a booking that is ${from}: it cannot move from ${from} to ${to}`);
    this.name = 'IllegalTransitionError';
    this.from = from;
    this.action = action;
    this.to = to;
  }
}

/** The money effect a legal move declares; throws IllegalTransitionError otherwise. */
export function moneyEffectOf(status: BookingStatus, action: BookingAction): MoneyEffect {
  const transition = findTransition(status, action);
  if (!transition) throw new IllegalTransitionError(status, action);
  return transition.money;
}

/** The target of a legal move; throws IllegalTransitionError (naming "from X to Y") otherwise. */
export function nextStatus(status: BookingStatus, action: BookingAction): BookingStatus {
  const transition = findTransition(status, action);
  if (!transition) throw new IllegalTransitionError(status, action);
  return transition.to;
}

export function canTransition(status: BookingStatus, action: BookingAction): boolean {
  return findTransition(status, action) !== null;
}

/** Actions of a given actor that are legal from a status, in graph order. */
export function actionsFrom(status: BookingStatus, by: BookingActor): BookingAction[] {
  return bookingTransitions.filter((t) => t.from === status && t.by === by).map((t) => t.action);
}

/**
 * How many minutes before the start an action opens, or null when the job's day does not hold it. Read from the
 * graph; every transition of an action declares the same guard (the test checks it), so the action is enough.
 */
export function opensBeforeStartMinutesOf(action: BookingAction): number | null {
  return bookingTransitions.find((t) => t.action === action && t.opensBeforeStartMinutes !== undefined)?.opensBeforeStartMinutes ?? null;
}

/** When an action opens for a booking that starts at `startsAt`, or null when it is open whenever the graph allows it. */
export function actionOpensAt(action: BookingAction, startsAt: Date): Date | null {
  const minutes = opensBeforeStartMinutesOf(action);
  return minutes === null ? null : new Date(startsAt.getTime() - minutes * 60_000);
}

/** Whether the clock lets the action be taken (only the time: the graph is asked apart). Open from its opening on. */
export function isActionOpen(action: BookingAction, startsAt: Date, now: Date): boolean {
  const opensAt = actionOpensAt(action, startsAt);
  return opensAt === null || now.getTime() >= opensAt.getTime();
}

/** How an action reads on a button and in messages. Exhaustive: a new action fails to compile until it has one. */
export function bookingActionLabel(action: BookingAction): string {
  switch (action) {
    case 'authorize':
      return 'Pay';
    case 'accept':
      return 'Accept';
    case 'decline':
      return 'Decline';
    case 'start-route':
      return 'On my way';
    case 'start':
      return 'Start';
    case 'complete':
      return 'Complete';
    case 'cancel':
      return 'Cancel';
    case 'reschedule':
      return 'Reschedule';
    case 'abandon':
      return 'Abandon';
    case 'expire':
      return 'Expire';
    case 'instant-accept':
      return 'Accept';
    case 'mark-overdue':
      return 'Mark overdue';
    case 'report-no-show':
      return 'Report no-show';
    case 'customer-absent':
      return 'Customer absent';
    default: {
      const unreachable: never = action;
      throw new Error(`Unknown booking action ${String(unreachable)}`);
    }
  }
}

const shortDateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * When an opening falls, on the booking's wall clock (the detailer's zone, as every time of a booking is shown):
 * "at 9:00 AM" on the day it is `now` there, "on Thu, Nov 26 at 7:00 AM" otherwise, so that an opening days ahead
 * is never read as today's.
 */
export function openingTimeText(opensAt: Date, timeZone: string, now: Date): string {
  const wall = wallClockAt(opensAt, timeZone);
  const hour12 = wall.hour % 12 === 0 ? 12 : wall.hour % 12;
  const time = `${hour12}:${String(wall.minute).padStart(2, '0')} ${wall.hour < 12 ? 'AM' : 'PM'}`;
  if (dateInZone(opensAt, timeZone) === dateInZone(now, timeZone)) return `at ${time}`;
  let format = shortDateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric' });
    shortDateFormats.set(timeZone, format);
  }
  return `on ${format.format(opensAt)} at ${time}`;
}

/** "2 hours", "1 hour", "30 minutes": a guard's lead as a person says it. */
function leadText(minutes: number): string {
  if (minutes < 0) return leadText(-minutes);
  if (minutes % 60 === 0) return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * Why an action is refused before its opening, naming when it opens: "On my way opens at 9:00 AM (2 hours before
 * the start)". Null when the action is open at `now`.
 */
export function actionNotOpenMessage(action: BookingAction, startsAt: Date, timeZone: string, now: Date): string | null {
  const opensAt = actionOpensAt(action, startsAt);
  if (opensAt === null || isActionOpen(action, startsAt, now)) return null;
  const lead = leadText(opensBeforeStartMinutesOf(action)!);
  const side = opensBeforeStartMinutesOf(action)! < 0 ? 'after' : 'before';
  return `${bookingActionLabel(action)} opens ${openingTimeText(opensAt, timeZone, now)} (${lead} ${side} the start)`;
}

/**
 * Soonest start first, for lists of bookings. Start times are ISO instants, so they order as plain strings:
 * `localeCompare` would build the browser's collator on its first call, over 100 ms of a slow phone's first render
 * (measured on /bookings, issue 13).
 */
export function bySoonestStart(a: { startsAt: string }, b: { startsAt: string }): number {
  return a.startsAt < b.startsAt ? -1 : a.startsAt > b.startsAt ? 1 : 0;
}

export function isLiveStatus(status: BookingStatus): status is LiveStatus {
  return statusIn(liveStatuses, status);
}

/** Final statuses: no move leaves them. */
export function isFinalStatus(status: BookingStatus): boolean {
  return statusIn(finalStatuses, status);
}

/** How a status reads on screen. Exhaustive: a new status fails to compile until it has a label. */
export function bookingStatusLabel(status: BookingStatus): string {
  switch (status) {
    case 'pending_payment':
      return 'Awaiting payment';
    case 'requested':
      return 'Requested';
    case 'accepted':
      return 'Accepted';
    case 'en_route':
      return 'On the way';
    case 'in_progress':
      return 'In progress';
    case 'completed':
      return 'Completed';
    case 'declined':
      return 'Declined';
    case 'expired':
      return 'Expired';
    case 'cancelled':
      return 'Cancelled';
    case 'abandoned':
      return 'Abandoned';
    case 'overdue':
      return 'Overdue';
    case 'no_show':
      return 'No-show';
    default: {
      const unreachable: never = status;
      throw new Error(`Unknown booking status ${String(unreachable)}`);
    }
  }
}

/** Hours before the start from which cancelling costs the service fee (the default; a booking keeps its own). */
export const freeCancellationHours = defaultPlatformSettings.freeCancellationHours;
/** How long a pending_payment booking holds its slot (the default; a booking keeps its own). */
export const holdMinutes = defaultPlatformSettings.holdMinutes;
/** Unpaid holds one customer may have at once: enough to compare two times, too few to block a detailer's week. */
export const maxUnpaidHolds = 3;
/** How far ahead a booking may start, in days: further holds would only park slots. */
export const bookingHorizonDays = 90;
/**
 * When a request must be answered by: the admin's request expiry (platform settings, hours) after the booking was
 * made, or its start, whichever comes first. The one answer: the expiry job expires a request then, the detailer's
 * dashboard shows it, and the customer's confirmation screen promises it.
 */
export function requestAnswerBy(booking: { createdAt: Date; startsAt: Date }, settings: { requestTimeoutHours: number }): Date {
  const timeout = booking.createdAt.getTime() + settings.requestTimeoutHours * 3_600_000;
  return new Date(Math.min(timeout, booking.startsAt.getTime()));
}

/** A booking that ended without the work being done: it charges at most a late-cancellation fee. */
export const endedWithoutWorkStatuses = [
  'cancelled',
  'declined',
  'expired',
  'abandoned',
  'no_show',
] as const satisfies readonly BookingStatus[];
