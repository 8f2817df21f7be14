import { useParams } from 'wouter';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { FullPageSpinner } from '@/components/ui/spinner.tsx';
import { useBooking } from '@/components/booking/api/get-booking.ts';
import { BookingConfirmed } from '../components/booking-confirmed.tsx';

/** /booking/confirmed/:bookingId: the spec's 'Booking Confirmed!' screen; checkout sends the customer here after paying. */
export default function BookingConfirmedPage() {
  const params = useParams<{ bookingId: string }>();
  const booking = useBooking(Number(params.bookingId));
  if (booking.isPending) return <FullPageSpinner label="Loading your booking" />;
  if (booking.isError) return <ErrorState message="We couldn't load this booking." onRetry={() => booking.refetch()} />;
  return <BookingConfirmed booking={booking.data} />;
}
