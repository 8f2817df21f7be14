import { ChevronRight, RotateCcw } from 'lucide-react';
import { Link } from 'wouter';
import { bookAgainStatuses } from '@core/domain/booking-status.ts';
import type { Booking } from '@core/schemas/booking.ts';
import type { User } from '@core/schemas/user.ts';
import { formatUsd } from '@core/domain/money.ts';
import { Button, type ButtonSize, type ButtonVariant } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Skeleton, SkeletonCardList } from '@/components/ui/skeleton.tsx';
import { formatShortDate } from '@/lib/calendar-dates.ts';
import { cn } from '@/lib/cn.ts';
import { BookingStatusBadge } from './booking-status-badge.tsx';

/** The booking page's query parameter naming the past booking to start from ('Book again', issue 16). */
export const bookAgainParam = 'rebook';

type PastBooking = { id: number; detailerId: number; serviceId: number };

/** The booking flow with this detailer and service, prefilled from the past booking `id` and opened on step 2. */
export const bookAgainPath = ({ id, detailerId, serviceId }: PastBooking) =>
  `/booking/${detailerId}?serviceId=${serviceId}&${bookAgainParam}=${id}`;

/** Only the customer of a booking that is over (done, or ended without a job) books it again. */
export function canBookAgain(booking: Pick<Booking, 'status' | 'customerId'>, userId: number | undefined): boolean {
  return booking.customerId === userId && (bookAgainStatuses as readonly string[]).includes(booking.status);
}

export interface BookAgainButtonProps {
  booking: PastBooking;
  /** What is booked again, for screen readers: several of these buttons share a page. */
  description: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** 'Book again': a link styled as a button, into the prefilled booking flow. */
export function BookAgainButton({ booking, description, variant = 'secondary', size = 'md', className }: BookAgainButtonProps) {
  return (
    <Button asChild variant={variant} size={size} className={className}>
      <Link href={bookAgainPath(booking)}>
        <RotateCcw aria-hidden />
        Book again<span className="sr-only">: {description}</span>
      </Link>
    </Button>
  );
}

/**
 * Whether the list names the booking's customer rather than its detailer: a detailer's own business name on every row
 * would say nothing, so a detailer sees who booked them; a customer (and an admin) sees the detailer.
 */
const namesCustomer = (booking: Pick<Booking, 'customerId'>, viewer?: Pick<User, 'id' | 'role'> | null) =>
  viewer?.role === 'detailer' && booking.customerId !== viewer.id;

/** One booking in My Bookings: status, date and time, service, who it is with and total; opens its details. */
export function BookingListItem({
  booking,
  viewer,
  showBookAgain = false,
}: {
  booking: Booking;
  viewer?: Pick<User, 'id' | 'role'> | null;
  showBookAgain?: boolean;
}) {
  const withName = namesCustomer(booking, viewer) ? booking.customerName : booking.detailerBusinessName;
  const description = `${booking.serviceName} ${namesCustomer(booking, viewer) ? 'for' : 'with'} ${withName}`;
  return (
    <Card className="transition-shadow duration-150 hover:shadow-raised">
      <Link
        href={`/bookings/${booking.id}`}
        // Named by what it shows (service, status, who, when, total): a name of other words hid the status and the
        // total from a screen reader, and a voice user could not say what they see (WCAG 2.5.3).
        className={cn('flex items-center gap-3 p-4', showBookAgain ? 'rounded-t-card pb-3' : 'rounded-card')}
      >
        <div className="grid min-w-0 flex-1 grid-cols-1 gap-1">
          <div className="flex items-center justify-between gap-2">
            <p className="truncate font-semibold text-neutral-900">{booking.serviceName}</p>
            <BookingStatusBadge booking={booking} />
          </div>
          <p className="truncate text-sm text-neutral-600">{withName}</p>
          <div className="flex items-center justify-between gap-2 text-sm">
            <p className="text-neutral-700">
              {formatShortDate(booking.date)} · {booking.time}
            </p>
            <p className="font-semibold text-neutral-900 tabular-nums">{formatUsd(booking.totalCents)}</p>
          </div>
        </div>
        <ChevronRight aria-hidden className="size-5 shrink-0 text-neutral-400" />
      </Link>
      {/* Beside the card's link, not inside it: a link cannot hold another. */}
      {showBookAgain && (
        <div className="flex justify-end border-t border-neutral-100 px-4 py-2">
          <BookAgainButton booking={booking} description={description} variant="ghost" className="text-brand-700 hover:bg-brand-50" />
        </div>
      )}
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
