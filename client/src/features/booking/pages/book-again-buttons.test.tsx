// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import type { Booking } from '@core/schemas/booking.ts';
import type { User } from '@core/schemas/user.ts';
import { bookingResponse, jsonResponse as json } from '../../../../../tests/factories/booking-response.ts';
import { stubFetchEachTest, renderAtPath, signedInQueryClient } from '../../../../../tests/factories/page-harness.tsx';
import BookingDetailsPage from './booking-details-page.tsx';
import MyBookingsPage from './my-bookings-page.tsx';
import { userResponse } from '../../../../../tests/factories/account-responses.ts';

const customer = userResponse();
const detailerUser: User = { ...customer, id: 5, role: 'detailer', detailerId: 1, name: 'Dana Detailer' };

const booked = (id: number, status: Booking['status'], date: string) =>
  bookingResponse({ id, status, customerId: customer.id, date, startsAt: `${date}T17:00:00.000Z`, detailerId: 3, serviceId: 9 });
const bookings: Booking[] = [
  booked(11, 'requested', '2099-02-01'),
  booked(12, 'completed', '2098-12-01'),
  booked(13, 'cancelled', '2098-11-01'),
  booked(14, 'declined', '2098-10-01'),
  booked(15, 'expired', '2098-09-01'),
  booked(16, 'abandoned', '2098-08-01'),
];

const fetchMock = vi.fn(async (url: string) => {
  if (url === '/api/bookings') return json(bookings);
  const one = bookings.find((b) => url === `/api/bookings/${b.id}`);
  if (one) return json(one);
  if (url.startsWith('/api/messages')) return json([]);
  return json({ code: 'not_found', message: 'Not found' }, 404);
});
stubFetchEachTest(fetchMock, { hasMeasuringWidgets: true });

function renderAt(path: string, user: User) {
  return renderAtPath(
    path,
    <>
      <Route path="/bookings" component={MyBookingsPage} />
      <Route path="/bookings/:id" component={BookingDetailsPage} />
    </>,
    signedInQueryClient(user),
  );
}

const bookAgainLinks = () => screen.queryAllByRole('link', { name: /^Book again/ });

describe("'Book again' on past bookings", () => {
  it('My Bookings offers it on each completed, cancelled, declined and expired booking, into the prefilled flow', async () => {
    renderAt('/bookings', customer);
    const past = await screen.findByRole('region', { name: 'Past' });
    const links = within(past).getAllByRole('link', { name: /^Book again/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([12, 13, 14, 15].map((id) => `/booking/3?serviceId=9&rebook=${id}`));
    expect(links[0]!.textContent).toBe('Book again: Basic Exterior Wash with Gloss Boss Mobile Detailing');
    // Not on a booking still under way, nor on a hold that lapsed before it was ever paid.
    expect(within(screen.getByRole('region', { name: 'Upcoming' })).queryByRole('link', { name: /^Book again/ })).toBeNull();
    expect(bookAgainLinks()).toHaveLength(4);
  });

  it("the details page offers it to the booking's customer once the booking is over, and to no one else", async () => {
    const view = renderAt('/bookings/12', customer);
    expect(await screen.findByRole('heading', { name: 'Basic Exterior Wash' })).toBeTruthy();
    expect(bookAgainLinks().map((link) => link.getAttribute('href'))).toEqual(['/booking/3?serviceId=9&rebook=12']);
    view.unmount();

    const upcoming = renderAt('/bookings/11', customer);
    expect(await screen.findByRole('heading', { name: 'Basic Exterior Wash' })).toBeTruthy();
    expect(bookAgainLinks()).toHaveLength(0);
    upcoming.unmount();

    renderAt('/bookings/12', detailerUser);
    expect(await screen.findByRole('heading', { name: 'Basic Exterior Wash' })).toBeTruthy();
    expect(bookAgainLinks()).toHaveLength(0);
  });
});
