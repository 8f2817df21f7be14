import { CircleAlert, CircleCheck, Clock, Send } from 'lucide-react';
import type { Booking } from '@core/schemas/booking.ts';
import { formatUsd } from '@core/domain/money.ts';
import { AfterBookingLinks } from '@/components/booking/after-booking-links.tsx';
import { BookingStatusBadge } from '@/components/booking/booking-status-badge.tsx';
import { RequestAnswerNote } from '@/components/booking/request-answer-note.tsx';
import { Card } from '@/components/ui/card.tsx';
import { AddToCalendar } from './add-to-calendar.tsx';
import { formatLongDate } from '@/lib/calendar-dates.ts';

type Outcome = { icon: typeof CircleCheck; tone: string; title: string; lead: string };

/**
 * What the screen may promise, from the booking's status (decision 035): the spec's 'Booking Confirmed!' only once
 * the detailer has accepted (at once for an instant booking); a request says it is one.
 */
function outcomeOf(booking: Booking): Outcome {
  switch (booking.status) {
    case 'accepted':
    case 'en_route':
    case 'in_progress':
    case 'completed':
      return {
        icon: CircleCheck,
        tone: 'bg-success-100 text-success-700',
        title: 'Booking Confirmed!',
        lead: 'Your detailing service has been scheduled for:',
      };
    case 'requested':
      return {
        icon: Send,
        tone: 'bg-brand-50 text-brand-700',
        title: 'Request sent',
        lead: `Your request to ${booking.detailerBusinessName} is for:`,
      };
    case 'pending_payment':
      return {
        icon: Clock,
        tone: 'bg-brand-50 text-brand-700',
        title: 'Waiting for your payment',
        lead: 'Once your card is authorized, your booking is for:',
      };
    default:
      return { icon: CircleAlert, tone: 'bg-neutral-100 text-neutral-600', title: 'Booking not confirmed', lead: 'This booking was for:' };
  }
}

/** The spec's confirmation screen: what was promised, when, what, who and how much, then the two ways out. */
export function BookingConfirmed({ booking }: { booking: Booking }) {
  const outcome = outcomeOf(booking);
  const Icon = outcome.icon;
  return (
    <section aria-labelledby="confirmed-heading" className="grid gap-6 p-4 pt-8 text-center">
      <div aria-hidden className={`mx-auto flex size-16 items-center justify-center rounded-full ${outcome.tone}`}>
        <Icon className="size-9" />
      </div>
      <div className="grid justify-items-center gap-2">
        <h1 id="confirmed-heading" className="text-2xl font-bold text-neutral-900">
          {outcome.title}
        </h1>
        <BookingStatusBadge booking={booking} />
        <p className="text-neutral-600">{outcome.lead}</p>
        <p className="text-lg font-semibold text-neutral-900">
          {formatLongDate(booking.date)} at {booking.time}
        </p>
      </div>
      <RequestAnswerNote booking={booking} />
      <Card className="p-4 text-left">
        <dl className="grid gap-2 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-neutral-600">Service</dt>
            <dd className="min-w-0 text-right font-medium break-words text-neutral-900">{booking.serviceName}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-neutral-600">Detailer</dt>
            <dd className="min-w-0 text-right font-medium break-words text-neutral-900">{booking.detailerBusinessName}</dd>
          </div>
          <div className="flex justify-between gap-4 border-t border-neutral-200 pt-2 text-base">
            <dt className="font-semibold text-neutral-900">Total</dt>
            <dd className="font-bold text-neutral-900 tabular-nums">{formatUsd(booking.totalCents)}</dd>
          </div>
        </dl>
      </Card>
      <AddToCalendar booking={booking} />
      <AfterBookingLinks />
    </section>
  );
}
