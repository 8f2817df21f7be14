import { CircleCheck } from 'lucide-react';
import type { Booking } from '@core/schemas/booking.ts';
import { formatUsd } from '@core/domain/money.ts';
import { AfterBookingLinks } from '@/components/booking/after-booking-links.tsx';
import { Card } from '@/components/ui/card.tsx';
import { formatLongDate } from '@/lib/calendar-dates.ts';

/** The spec's confirmation screen: when, what, who and how much, then the two ways out. */
export function BookingConfirmed({ booking }: { booking: Booking }) {
  return (
    <section aria-labelledby="confirmed-heading" className="grid gap-6 p-4 pt-8 text-center">
      <div aria-hidden className="mx-auto flex size-16 items-center justify-center rounded-full bg-success-100 text-success-700">
        <CircleCheck className="size-9" />
      </div>
      <div className="grid gap-2">
        <h1 id="confirmed-heading" className="text-2xl font-bold text-neutral-900">
          Booking Confirmed!
        </h1>
        <p className="text-neutral-600">Your detailing service has been scheduled for:</p>
        <p className="text-lg font-semibold text-neutral-900">
          {formatLongDate(booking.date)} at {booking.time}
        </p>
      </div>
      <Card className="p-4 text-left">
        <dl className="grid gap-2 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-neutral-600">Service</dt>
            <dd className="text-right font-medium text-neutral-900">{booking.serviceName}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-neutral-600">Detailer</dt>
            <dd className="text-right font-medium text-neutral-900">{booking.detailerBusinessName}</dd>
          </div>
          <div className="flex justify-between gap-4 border-t border-neutral-200 pt-2 text-base">
            <dt className="font-semibold text-neutral-900">Total</dt>
            <dd className="font-bold text-neutral-900 tabular-nums">{formatUsd(booking.totalCents)}</dd>
          </div>
        </dl>
      </Card>
      <AfterBookingLinks />
    </section>
  );
}
