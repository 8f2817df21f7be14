import { ChevronRight } from 'lucide-react';
import { Link } from 'wouter';
import type { Booking } from '@core/schemas/booking.ts';
import { formatUsd } from '@core/domain/money.ts';
import { Card } from '@/components/ui/card.tsx';
import { Skeleton, SkeletonCardList } from '@/components/ui/skeleton.tsx';
import { formatShortDate } from '@/lib/calendar-dates.ts';
import { BookingStatusBadge } from './booking-status-badge.tsx';

/** One booking in My Bookings: status, date and time, service, detailer and total; opens its details. */
export function BookingListItem({ booking }: { booking: Booking }) {
  return (
    <Card className="transition-shadow duration-150 hover:shadow-raised">
      <Link
        href={`/bookings/${booking.id}`}
        className="flex items-center gap-3 rounded-card p-4"
        aria-label={`${booking.serviceName} with ${booking.detailerBusinessName}, ${formatShortDate(booking.date)} at ${booking.time}`}
      >
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex items-center justify-between gap-2">
            <p className="truncate font-semibold text-neutral-900">{booking.serviceName}</p>
            <BookingStatusBadge booking={booking} />
          </div>
          <p className="truncate text-sm text-neutral-600">{booking.detailerBusinessName}</p>
          <div className="flex items-center justify-between gap-2 text-sm">
            <p className="text-neutral-700">
              {formatShortDate(booking.date)} · {booking.time}
            </p>
            <p className="font-semibold text-neutral-900 tabular-nums">{formatUsd(booking.totalCents)}</p>
          </div>
        </div>
        <ChevronRight aria-hidden className="size-5 shrink-0 text-neutral-400" />
      </Link>
    </Card>
  );
}

export function BookingListSkeleton({ count = 3 }: { count?: number }) {
  return (
    <SkeletonCardList count={count}>
      <div className="flex justify-between">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-5 w-20 rounded-full" />
      </div>
      <Skeleton className="h-4 w-32" />
      <div className="flex justify-between">
        <Skeleton className="h-4 w-28" />
        <Skeleton className="h-4 w-14" />
      </div>
    </SkeletonCardList>
  );
}
