import { bookingStatusLabel, type BookingStatus } from '@core/domain/booking-status.ts';
import type { Booking } from '@core/schemas/booking.ts';
import { formatUsd } from '@core/domain/money.ts';
import { Badge, type BadgeVariant } from '@/components/ui/badge.tsx';

/** What a booking's screens need to tell its money state (the API's Booking has both; 0 when absent). */
export type BookingRefunds = { refundedCents?: number; refundableCents?: number };

/**
 * The refund state of a completed booking (or a cancelled one whose fee was charged): 'full' once the refunds
 * cover everything captured, 'partial' while some is left, none without refunds. Money, not the lifecycle:
 * `status` stays completed or cancelled.
 */
export function refundState({ refundedCents = 0, refundableCents = 0 }: BookingRefunds): 'full' | 'partial' | null {
  if (refundedCents <= 0) return null;
  return refundableCents > 0 ? 'partial' : 'full';
}

/** The words every booking screen shows for its status: 'Refunded' and 'Partially refunded · $20.00' win over the lifecycle. */
export function bookingStatusText(status: BookingStatus, refunds: BookingRefunds = {}): string {
  const state = refundState(refunds);
  if (state === 'full') return 'Refunded';
  if (state === 'partial') return `Partially refunded · ${formatUsd(refunds.refundedCents ?? 0)}`;
  return bookingStatusLabel(status);
}

/** Exhaustive: a new status fails to compile until it has a colour. */
function variantFor(status: BookingStatus): BadgeVariant {
  switch (status) {
    case 'pending_payment':
    case 'requested':
    case 'overdue':
      return 'warning';
    case 'accepted':
    case 'en_route':
    case 'in_progress':
      return 'brand';
    case 'completed':
      return 'success';
    case 'declined':
    case 'expired':
    case 'cancelled':
    case 'abandoned':
    case 'no_show':
      return 'neutral';
    default: {
      const unreachable: never = status;
      return unreachable;
    }
  }
}

type BookingStatusBadgeProps = {
  booking: Pick<Booking, 'status' | 'refundedCents' | 'refundableCents'>;
  /** On a page about one booking: a polite live region, so a screen reader hears the status move as it happens. */
  announce?: boolean;
};

/** A booking's status as every screen shows it: the whole booking, so a refunded one always says so. */
export function BookingStatusBadge({ booking, announce = false }: BookingStatusBadgeProps) {
  const state = refundState(booking);
  const badge = (
    <Badge variant={state ? 'neutral' : variantFor(booking.status)} data-status={booking.status} data-refund={state ?? undefined}>
      {bookingStatusText(booking.status, booking)}
    </Badge>
  );
  if (!announce) return badge;
  return (
    <span role="status" aria-label="Booking status">
      {badge}
    </span>
  );
}
