// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import type { SmartChoices } from '@core/schemas/smart-booking.ts';
import { fetchFromReplies, renderAtPath, stubFetchEachTest, type Reply } from '../../../../../tests/factories/page-harness.tsx';
import SmartBookingPage from './smart-booking-page.tsx';

const choices: SmartChoices = {
  today: '2026-11-28',
  categories: [{ id: 1, name: 'Exterior' }],
  services: [{ id: 7, name: 'Basic Exterior Wash', categoryId: 1, priceCents: 5900, durationMinutes: 45 }],
  suggestedServiceId: 7,
  cars: [],
  places: [],
};
const nobodyFree = { status: 200, body: { offers: [], vehicleType: 'Sedan', nextFree: null } } as const;

let replies: Record<string, Reply>;
const fetchMock = fetchFromReplies(() => replies);
stubFetchEachTest(fetchMock);
beforeEach(() => {
  replies = {
    '/api/auth/session': { status: 200, body: { user: null } },
    '/api/smart-booking/choices': { status: 200, body: choices },
  };
});

const asked = () => fetchMock.mock.calls.map(([url]) => url).filter((url) => url.startsWith('/api/smart-booking/offers'));

describe('SmartBookingPage', () => {
  it('asks for another day and window, and names a day beyond the booking horizon without asking', async () => {
    const ask = 'serviceId=7&vehicleType=Sedan&zip=94105';
    replies[`/api/smart-booking/offers?${ask}&when=2026-12-15&window=afternoon`] = nobodyFree;
    renderAtPath(
      '/smart-booking',
      <Route path="/smart-booking">
        <SmartBookingPage />
      </Route>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Another day' }));
    expect(screen.getByRole('button', { name: 'Another day' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Tomorrow · Morning' }).getAttribute('aria-pressed')).toBe('false');
    const day = screen.getByLabelText('Day') as HTMLInputElement;
    expect([day.value, day.min, day.max]).toEqual(['2026-11-30', '2026-11-28', '2027-02-26']);

    fireEvent.change(screen.getByLabelText('ZIP code'), { target: { value: '94105' } });
    fireEvent.change(day, { target: { value: '2026-12-15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Afternoon' }));
    expect(await screen.findByText('No detailer is free then')).toBeTruthy();
    expect(asked()).toContain(`/api/smart-booking/offers?${ask}&when=2026-12-15&window=afternoon`);

    const before = asked().length;
    fireEvent.change(day, { target: { value: '2027-03-01' } });
    expect(screen.getByRole('alert').textContent).toBe('Bookings can be made up to 90 days ahead. Please choose an earlier date.');
    expect(day.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Choose a day from today to 90 days ahead to see who is free.')).toBeTruthy();
    expect(asked().length).toBe(before);
    // Evening stays named as not bookable rather than offered.
    expect(screen.queryByRole('button', { name: 'Evening' })).toBeNull();
    expect(screen.getByText('Evenings are not bookable yet: the last start of the day is 3:00 PM.')).toBeTruthy();
  });
});
