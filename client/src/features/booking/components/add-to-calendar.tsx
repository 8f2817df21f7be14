import { CalendarPlus, CalendarX } from 'lucide-react';
import { addToCalendarStatuses, bookingCalendarPath, removeFromCalendarStatuses } from '@core/domain/calendar.ts';
import type { BookingStatus } from '@core/domain/booking-status.ts';
import type { Booking } from '@core/schemas/booking.ts';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/lib/cn.ts';

const isOneOf = (statuses: readonly BookingStatus[], status: BookingStatus) => statuses.includes(status);

/**
 * 'Add to calendar' (issue 41, decision 044): the booking's .ics as it is now. Added again after a move, it updates the
 * same calendar entry (one UID, a higher SEQUENCE); for a booking that ended unworked the file takes the entry off.
 * Nothing for an unpaid hold, which may lapse in minutes.
 */
export function AddToCalendar({ booking, className }: { booking: Pick<Booking, 'id' | 'status'>; className?: string }) {
  const isLive = isOneOf(addToCalendarStatuses, booking.status);
  if (!isLive && !isOneOf(removeFromCalendarStatuses, booking.status)) return null;
  return (
    <div className={cn('grid gap-1', className)}>
      <Button asChild variant="secondary" size="lg">
        <a
          href={bookingCalendarPath(booking.id)}
          download={`glossly-booking-${booking.id}.ics`}
          aria-describedby={`calendar-help-${booking.id}`}
        >
          {isLive ? <CalendarPlus aria-hidden /> : <CalendarX aria-hidden />}
          {isLive ? 'Add to calendar' : 'Remove from calendar'}
        </a>
      </Button>
      <p id={`calendar-help-${booking.id}`} className="text-center text-xs text-neutral-600">
        {isLive
          ? 'If the time changes, add it again: your calendar updates the same entry.'
          : 'Added it to your calendar? This takes it off.'}
      </p>
    </div>
  );
}
