import { CalendarX } from 'lucide-react';
import { Link } from 'wouter';
import { formatUsd } from '@core/domain/money.ts';
import { Card } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { useBookings } from '@/components/booking/api/get-bookings.ts';
import { BookingStatusBadge } from '@/components/booking/booking-status-badge.tsx';
import { BookingListSkeleton } from '@/components/booking/booking-list-item.tsx';
import { formatShortDate } from '@/lib/calendar-dates.ts';
import { RefundBookingDialog } from '../components/refund-booking-dialog.tsx';
import { OpenClaimsSection } from '../components/open-claims-section.tsx';

/**
 * /admin/bookings: the open claims to answer first, then every booking on the platform, latest start first; those
 * with money left to give back can be refunded.
 */
export default function AdminBookingsPage() {
  const bookings = useBookings();

  return (
    // grid-cols-1 here, on the list and in each card: columns no wider than the screen, so that a line too long for a
    // card is cut short instead of widening the cards past the page's padding.
    <div className="grid grid-cols-1 gap-4 p-4">
      <h1 className="text-xl font-semibold text-neutral-900">Bookings</h1>
      <OpenClaimsSection />
      {bookings.isPending ? (
        <LoadingState label="Loading bookings">
          <BookingListSkeleton />
        </LoadingState>
      ) : bookings.isError ? (
        <ErrorState message="We couldn't load the bookings." onRetry={() => bookings.refetch()} />
      ) : bookings.data.length === 0 ? (
        <EmptyState icon={<CalendarX />} title="No bookings yet" description="Bookings appear here as customers book detailers." />
      ) : (
        <>
          <p className="text-sm text-neutral-600">
            {bookings.data.length} {bookings.data.length === 1 ? 'booking' : 'bookings'}
          </p>
          <ul className="grid grid-cols-1 gap-3" aria-label="Bookings">
            {bookings.data.map((booking) => (
              <li key={booking.id}>
                <Card className="grid grid-cols-1 gap-2 p-4" data-testid={`booking-${booking.id}`}>
                  <div className="flex items-start justify-between gap-2">
                    <Link
                      href={`/bookings/${booking.id}`}
                      className="min-w-0 font-semibold text-brand-700 underline-offset-2 hover:underline"
                    >
                      <span className="block truncate">
                        #{booking.id} · {booking.serviceName}
                      </span>
                    </Link>
                    <BookingStatusBadge booking={booking} />
                  </div>
                  <p className="truncate text-sm text-neutral-600">
                    {booking.customerName} with {booking.detailerBusinessName}
                  </p>
                  <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                    <p className="text-neutral-700">
                      {formatShortDate(booking.date)} · {booking.time} · {booking.city}
                    </p>
                    <p className="font-semibold text-neutral-900 tabular-nums">{formatUsd(booking.totalCents)}</p>
                  </div>
                  {booking.refundableCents > 0 && (
                    <div className="flex justify-end">
                      <RefundBookingDialog booking={booking} />
                    </div>
                  )}
                </Card>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
