// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Booking } from '@core/schemas/booking.ts';
import type { User } from '@core/schemas/user.ts';
import { bookingResponse, jsonResponse as json } from '../../../../../tests/factories/booking-response.ts';
import { stubFetchEachTest, renderAtPath, signedInQueryClient } from '../../../../../tests/factories/page-harness.tsx';
import MyBookingsPage, { pastBookingsPageSize } from './my-bookings-page.tsx';
import { userResponse } from '../../../../../tests/factories/account-responses.ts';

const customer = userResponse();

// 23 past bookings, a day apart (the newest first on the page), and 12 upcoming ones: more than a page of each.
const day = (offset: number) => new Date(Date.UTC(2090, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
const booked = (id: number, status: Booking['status'], date: string) =>
  bookingResponse({ id, status, customerId: customer.id, date, startsAt: `${date}T17:00:00.000Z`, detailerId: 3, serviceId: 9 });
const past = Array.from({ length: 23 }, (_, i) => booked(100 + i, 'completed', day(i)));
const upcoming = Array.from({ length: 12 }, (_, i) => booked(200 + i, 'accepted', day(400 + i)));
stubFetchEachTest(
  vi.fn(async (url: string) => (url === '/api/bookings' ? json([...past, ...upcoming]) : json({ message: 'Not found' }, 404))),
);

function renderBookings(viewer: User = customer) {
  return renderAtPath('/bookings', <MyBookingsPage />, signedInQueryClient(viewer));
}

/** The ids of the bookings a section lists, in order, read from their 'Book again' links (rebook=<id>). */
const listedIds = (section: HTMLElement) =>
  within(section)
    .queryAllByRole('link', { name: /^Book again/ })
    .map((link) => Number(new URL(link.getAttribute('href')!, 'http://x').searchParams.get('rebook')));

describe('My Bookings with a long history', () => {
  it('shows the latest past bookings a page at a time, and every upcoming one', async () => {
    renderBookings();
    const pastSection = await screen.findByRole('region', { name: 'Past' });
    expect(pastBookingsPageSize).toBe(10);
    expect(listedIds(pastSection)).toEqual(Array.from({ length: 10 }, (_, i) => 122 - i));
    expect(within(screen.getByRole('region', { name: 'Upcoming' })).getAllByRole('listitem')).toHaveLength(12);
    expect(within(screen.getByRole('region', { name: 'Upcoming' })).queryByRole('button', { name: /^Show more/ })).toBeNull();

    const more = within(pastSection).getByRole('button', { name: 'Show more past bookings (13 left)' });
    await userEvent.click(more);
    expect(listedIds(pastSection)).toEqual(Array.from({ length: 20 }, (_, i) => 122 - i));
    expect(more.textContent).toBe('Show more past bookings (3 left)');

    await userEvent.click(more);
    expect(listedIds(pastSection)).toEqual(Array.from({ length: 23 }, (_, i) => 122 - i));
    expect(within(pastSection).queryByRole('button', { name: /^Show more/ })).toBeNull();
  });
});

describe('My Bookings for a detailer', () => {
  const detailer: User = {
    ...customer,
    id: 7,
    email: 'gloss@example.com',
    role: 'detailer',
    name: 'Gloss Boss',
    username: 'gloss',
    detailerId: 3,
  };

  it("names the customer of each job, not the detailer's own business on every row", async () => {
    renderBookings(detailer);
    const upcomingSection = await screen.findByRole('region', { name: 'Upcoming' });
    const first = within(upcomingSection).getAllByRole('listitem')[0]!;
    expect(within(first).getByText('Sam Carter')).toBeTruthy();
    expect(within(first).queryByText('Gloss Boss Mobile Detailing')).toBeNull();
    expect(within(first).getByRole('link', { name: /^Basic Exterior Wash .*Sam Carter/ })).toBeTruthy();
  });

  it('still names the detailer for a customer', async () => {
    renderBookings();
    const upcomingSection = await screen.findByRole('region', { name: 'Upcoming' });
    const first = within(upcomingSection).getAllByRole('listitem')[0]!;
    expect(within(first).getByText('Gloss Boss Mobile Detailing')).toBeTruthy();
  });
});
