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
] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** Statuses that hold the detailer's time (the database's bookings_no_overlap uses the same list). */
export const liveStatuses = [
  'pending_payment',
  'requested',
  'accepted',
  'en_route',
  'in_progress',
] as const satisfies readonly BookingStatus[];
export type LiveStatus = (typeof liveStatuses)[number];

/**
 * Statuses a customer's hold can end in without ever having been requested (paid). The detailer learns of a
 * booking once it is requested: a booking in one of these statuses is theirs to see only if it was requested once.
 */
export const customerOnlyStatuses = ['pending_payment', 'abandoned', 'cancelled'] as const satisfies readonly BookingStatus[];

/** Whether the booking's detailer may see it (the server's TypeScript check and SQL filter both derive from this). */
export function detailerSeesBooking(status: BookingStatus, wasEverRequested: boolean): boolean {
  return wasEverRequested || !(customerOnlyStatuses as readonly BookingStatus[]).includes(status);
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
};

/**
 * Every legal move. `authorize` is the payment step (the Payments issue performs it); `reschedule` keeps the
 * status and moves the time.
 */
export const bookingTransitions: readonly BookingTransition[] = [
  { from: 'pending_payment', action: 'authorize', to: 'requested', by: 'system', money: 'none' },
  { from: 'requested', action: 'accept', to: 'accepted', by: 'detailer', money: 'none' },
  { from: 'requested', action: 'decline', to: 'declined', by: 'detailer', money: 'release' },
  { from: 'accepted', action: 'start-route', to: 'en_route', by: 'detailer', money: 'none' },
  { from: 'en_route', action: 'start', to: 'in_progress', by: 'detailer', money: 'none' },
  { from: 'in_progress', action: 'complete', to: 'completed', by: 'detailer', money: 'capture' },
  { from: 'pending_payment', action: 'cancel', to: 'cancelled', by: 'customer', money: 'fee' },
  { from: 'requested', action: 'cancel', to: 'cancelled', by: 'customer', money: 'fee' },
  { from: 'accepted', action: 'cancel', to: 'cancelled', by: 'customer', money: 'fee' },
  { from: 'pending_payment', action: 'reschedule', to: 'pending_payment', by: 'customer', money: 'none' },
  { from: 'requested', action: 'reschedule', to: 'requested', by: 'customer', money: 'none' },
  { from: 'accepted', action: 'reschedule', to: 'accepted', by: 'customer', money: 'none' },
  { from: 'pending_payment', action: 'abandon', to: 'abandoned', by: 'system', money: 'void' },
  { from: 'requested', action: 'expire', to: 'expired', by: 'system', money: 'release' },
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

export function isLiveStatus(status: BookingStatus): status is LiveStatus {
  return (liveStatuses as readonly BookingStatus[]).includes(status);
}

/** Final statuses: no move leaves them. */
export function isFinalStatus(status: BookingStatus): boolean {
  return !bookingTransitions.some((t) => t.from === status);
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
    default: {
      const unreachable: never = status;
      throw new Error(`Unknown booking status ${String(unreachable)}`);
    }
  }
}

/** Hours before the start from which cancelling costs the service fee. */
export const freeCancellationHours = 24;
/** How long a pending_payment booking holds its slot. */
export const holdMinutes = 15;
/** Unpaid holds one customer may have at once: enough to compare two times, too few to block a detailer's week. */
export const maxUnpaidHolds = 3;
/** How far ahead a booking may start, in days: further holds would only park slots. */
export const bookingHorizonDays = 90;
/** How long a request may wait for the detailer's answer (and never past its start). */
export const requestTimeoutHours = 12;
