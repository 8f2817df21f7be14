import { Clock } from 'lucide-react';
import { openingTimeText } from '@core/domain/booking-status.ts';
import type { Booking } from '@core/schemas/booking.ts';

/**
 * When a request must be answered by, on the booking's clock: "today at 4:00 AM" or "Tue, Nov 24 at 4:00 AM". The
 * instant is the server's (`answerBy`, requestAnswerBy with the admin's setting): the one the expiry job uses.
 */
export function answerByText(answerBy: string, timeZone: string, now: Date): string {
  const text = openingTimeText(new Date(answerBy), timeZone, now);
  return text.startsWith('at ') ? `today ${text}` : text.replace(/^on /, '');
}

/**
 * What a request means for the customer (decision 035): the detailer still has to accept it, by when, and what
 * happens to the card hold if they do not. Nothing for a booking that is not waiting for an answer.
 */
export function RequestAnswerNote({
  booking,
  now = new Date(),
}: {
  booking: Pick<Booking, 'status' | 'answerBy' | 'timeZone' | 'detailerBusinessName'>;
  now?: Date;
}) {
  if (booking.status !== 'requested' || booking.answerBy === null) return null;
  return (
    <div data-testid="request-answer-note" className="flex gap-3 rounded-card bg-warning-50 p-4 text-left text-sm text-neutral-800">
      <Clock aria-hidden className="mt-0.5 size-5 shrink-0 text-warning-800" />
      <div className="grid min-w-0 gap-1">
        <p className="font-semibold text-neutral-900">
          {booking.detailerBusinessName} has until {answerByText(booking.answerBy, booking.timeZone, now)} to accept.
        </p>
        <p>If they don’t answer by then, the request expires and the hold on your card is released. You are not charged.</p>
      </div>
    </div>
  );
}
