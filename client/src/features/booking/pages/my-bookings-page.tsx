import { useState } from 'react';
import { CalendarPlus } from 'lucide-react';
import { Link } from 'wouter';
import { bySoonestStart, isLiveStatus } from '@core/domain/booking-status.ts';
import type { Booking } from '@core/schemas/booking.ts';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { useBookings } from '@/components/booking/api/get-bookings.ts';
import { BookingListItem, BookingListSkeleton, canBookAgain } from '@/components/booking/booking-list-item.tsx';
import { useCurrentUser } from '@/lib/session/get-current-user.ts';

/**
 * Past bookings shown at first, and added by each 'Show more past bookings'. A customer who books every week has
 * hundreds after a few years; drawing them all made the page's first screen several times larger and slower to
 * take over on a phone (decision 032). Upcoming bookings are all shown: they are the few that still hold a time.
 */
export const pastBookingsPageSize = 10;

/** Upcoming: bookings still holding the detailer's time, soonest first. Past: everything else, latest first. */
function splitBookings(bookings: Booking[]) {
  const upcoming = bookings.filter((b) => isLiveStatus(b.status)).sort(bySoonestStart);
  const past = bookings.filter((b) => !isLiveStatus(b.status)).sort((a, b) => bySoonestStart(b, a));
  return { upcoming, past };
}

/** /bookings: the customer's upcoming and past bookings, under the page's own heading. */
export default function MyBookingsPage() {
  return (
    // grid-cols-1 down to each card: columns no wider than the screen, so that a long service name is cut short in its
    // card instead of widening the page past a narrow phone's screen.
    <div className="grid grid-cols-1 gap-4 p-4">
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">Your bookings</h1>
      <BookingsContent />
    </div>
  );
}

function BookingsContent() {
  const bookings = useBookings();
  if (bookings.isPending) {
    return (
      <LoadingState label="Loading your bookings">
        <BookingListSkeleton />
      </LoadingState>
    );
  }
  if (bookings.isError) {
    return <ErrorState message="We couldn't load your bookings." onRetry={() => bookings.refetch()} />;
  }
  if (bookings.data.length === 0) {
    return (
      <EmptyState
        icon={<CalendarPlus />}
        title="No bookings yet"
        description="Book a detailer and your appointments will show up here."
        action={
          <Button asChild>
            <Link href="/detailers">Book a detailer</Link>
          </Button>
        }
      />
    );
  }
  const { upcoming, past } = splitBookings(bookings.data);
  return (
    <div className="grid grid-cols-1 gap-6">
      <BookingSection id="upcoming-heading" title="Upcoming" bookings={upcoming} emptyText="No upcoming bookings." />
      <BookingSection id="past-heading" title="Past" bookings={past} emptyText="No past bookings yet." pageSize={pastBookingsPageSize} />
    </div>
  );
}

type BookingSectionProps = {
  id: string;
  title: string;
  bookings: Booking[];
  emptyText: string;
  /** Show this many, then this many more at each 'Show more'; every booking when left out. */
  pageSize?: number;
};

function BookingSection({ id, title, bookings, emptyText, pageSize }: BookingSectionProps) {
  const { user } = useCurrentUser();
  const [shownCount, setShownCount] = useState(pageSize ?? Infinity);
  const shown = bookings.slice(0, shownCount);
  return (
    <section aria-labelledby={id} className="grid grid-cols-1 gap-3">
      <h2 id={id} className="text-lg font-semibold text-neutral-900">
        {title}
      </h2>
      {bookings.length === 0 ? (
        <p className="rounded-card bg-surface p-4 text-sm text-neutral-600 shadow-card">{emptyText}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3">
          {shown.map((booking) => (
            <li key={booking.id}>
              <BookingListItem booking={booking} viewer={user} showBookAgain={canBookAgain(booking, user?.id)} />
            </li>
          ))}
        </ul>
      )}
      {pageSize !== undefined && shown.length < bookings.length && (
        // The button stays where it is and keeps the focus: the bookings it adds appear above it, in reading order.
        <Button variant="secondary" onClick={() => setShownCount(shown.length + pageSize)}>
          Show more {title.toLowerCase()} bookings ({bookings.length - shown.length} left)
        </Button>
      )}
    </section>
  );
}
