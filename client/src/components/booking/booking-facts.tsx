import { CalendarDays, Car, MapPin, RotateCcw } from 'lucide-react';
import { formatUsd } from '@core/domain/money.ts';
import { cn } from '@/lib/cn.ts';
import { refundState, type BookingRefunds } from './booking-status-badge.tsx';

type BookingFactsProps = {
  /** When, already worded for the page ("Tuesday, November 24, 2026 at 10:00 AM"). */
  when: string;
  address: string;
  apt?: string | null;
  city: string;
  zip: string;
  vehicleType: string;
  className?: string;
} & BookingRefunds;

/**
 * When, where and which vehicle: the same three lines on the payment step, a booking's page and a job card; a
 * fourth once money went back (given the booking's refundedCents and refundableCents), worded as its status badge.
 */
export function BookingFacts({ when, address, apt, city, zip, vehicleType, className, refundedCents, refundableCents }: BookingFactsProps) {
  const refund = refundState({ refundedCents, refundableCents });
  return (
    <ul className={cn('grid gap-2 text-sm text-neutral-700', className)}>
      <li className="flex gap-2">
        <CalendarDays aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-600" />
        {when}
      </li>
      <li className="flex gap-2">
        <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-600" />
        {[address, apt, city, zip].filter(Boolean).join(', ')}
      </li>
      <li className="flex gap-2">
        <Car aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-600" />
        {vehicleType}
      </li>
      {refund && (
        <li className="flex gap-2" data-refund={refund}>
          <RotateCcw aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-600" />
          {refund === 'full' ? 'Refunded' : 'Partially refunded'} · {formatUsd(refundedCents ?? 0)} back to the card
        </li>
      )}
    </ul>
  );
}
