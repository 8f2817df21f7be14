import { navigate } from 'wouter/use-browser-location';
import { successRedirectMs } from './payment-results.ts';

/**
 * After a successful payment: the booking flow's 'Booking Confirmed!' screen, then /bookings after 2 seconds
 * (spec section 9) unless the customer has already gone elsewhere.
 */
export function continueAfterPayment(bookingId: number | null, go: (to: string) => void): void {
  if (bookingId === null) {
    setTimeout(() => go('/bookings'), successRedirectMs);
    return;
  }
  const confirmedPath = `/booking/confirmed/${bookingId}`;
  go(confirmedPath);
  setTimeout(() => {
    if (window.location.pathname === confirmedPath) navigate('/bookings');
  }, successRedirectMs);
}
