import { bookingStatusLabel, type BookingStatus } from '@core/domain/booking-status.ts';
import { Badge, type BadgeVariant } from '@/components/ui/badge.tsx';

/** Exhaustive: a new status fails to compile until it has a colour. */
function variantFor(status: BookingStatus): BadgeVariant {
  switch (status) {
    case 'pending_payment':
    case 'requested':
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
      return 'neutral';
    default: {
      const unreachable: never = status;
      return unreachable;
    }
  }
}

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return (
    <Badge variant={variantFor(status)} data-status={status}>
      {bookingStatusLabel(status)}
    </Badge>
  );
}
