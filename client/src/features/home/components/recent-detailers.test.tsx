// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { RecentDetailer } from '@core/schemas/booking.ts';
import type { User } from '@core/schemas/user.ts';
import { jsonResponse as json } from '../../../../../tests/factories/booking-response.ts';
import { stubFetchEachTest, signedInQueryClient } from '../../../../../tests/factories/page-harness.tsx';
import { RecentDetailers } from './recent-detailers.tsx';
import { userResponse } from '../../../../../tests/factories/account-responses.ts';

const customer = userResponse();
const recent = (detailerId: number, businessName: string, serviceName: string, bookingId: number): RecentDetailer => ({
  detailerId,
  businessName,
  avatarUrl: null,
  rating: 4.8,
  reviewCount: 42,
  bookingId,
  serviceId: detailerId * 10,
  serviceName,
  completedAt: '2098-12-01T18:00:00.000Z',
});

let answer: Response;
const fetchMock = vi.fn(async (url: string) => (url === '/api/bookings/recent-detailers' ? answer : json({ message: 'Not found' }, 404)));
stubFetchEachTest(fetchMock);

function renderRow(user: User) {
  return render(
    <QueryClientProvider client={signedInQueryClient(user)}>
      <RecentDetailers />
    </QueryClientProvider>,
  );
}

describe("Home's 'Book again' row", () => {
  it('shows each recent detailer with the last service and a Book again link into the prefilled flow', async () => {
    answer = json([
      recent(1, 'Gloss Boss Mobile Detailing', 'Basic Exterior Wash', 41),
      recent(2, 'Sparkle Squad', 'Full Interior Detail', 38),
    ]);
    renderRow(customer);
    const row = await screen.findByRole('region', { name: 'Book again' });
    const cards = within(row).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Gloss Boss Mobile Detailing', 'Sparkle Squad']);
    expect(within(cards[0]!).getByText('Basic Exterior Wash')).toBeTruthy();
    expect(within(cards[0]!).getByRole('link', { name: 'Gloss Boss Mobile Detailing' }).getAttribute('href')).toBe('/detailers/1');
    const bookAgain = within(cards[0]!).getByRole('link', { name: /^Book again/ });
    expect(bookAgain.textContent).toBe('Book again: Basic Exterior Wash with Gloss Boss Mobile Detailing');
    expect(bookAgain.getAttribute('href')).toBe('/booking/1?serviceId=10&rebook=41');
  });

  it('shows nothing at all, not even a heading, when the customer has no completed job', async () => {
    answer = json([]);
    const { container } = renderRow(customer);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/bookings/recent-detailers', expect.anything()));
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Only the guard that keeps a drawn row's controls waiting for its code (DisabledUntilLive), empty.
    expect(container.innerHTML).toBe('<fieldset role="presentation" class="contents"></fieldset>');
  });

  it('offers a retry when the list cannot be loaded', async () => {
    answer = json({ message: 'Internal error' }, 500);
    renderRow(customer);
    const row = await screen.findByRole('region', { name: 'Book again' });
    expect(within(row).getByRole('heading', { name: 'Failed to fetch your recent detailers' })).toBeTruthy();
    answer = json([recent(1, 'Gloss Boss Mobile Detailing', 'Basic Exterior Wash', 41)]);
    within(row).getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByRole('link', { name: /^Book again/ })).toBeTruthy();
  });
});
