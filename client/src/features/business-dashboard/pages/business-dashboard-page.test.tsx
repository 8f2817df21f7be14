// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BusinessStats } from '@core/schemas/business-stats.ts';
import { fetchFromReplies, renderAtPath, stubFetchEachTest, type Reply } from '../../../../../tests/factories/page-harness.tsx';
import BusinessDashboardPage from './business-dashboard-page.tsx';

const weeks = ['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23'];

const busyDetailer: BusinessStats = {
  period: '4w',
  timeZone: 'America/Los_Angeles',
  from: '2026-11-02T08:00:00.000Z',
  revenueSource: 'ledger',
  revenueByWeek: weeks.map((weekStart, index) => ({ weekStart, amountCents: [0, 5015, 16980, 0][index]! })),
  totalRevenueCents: 21995,
  completedBookings: 3,
  bookingsByService: [
    { serviceId: 1, serviceName: 'Basic Exterior Wash', count: 2, revenueCents: 11800 },
    { serviceId: 2, serviceName: 'Full Interior Detail', count: 1, revenueCents: 12900 },
  ],
  ratingByMonth: [{ month: '2026-11', averageRating: 4.5, reviewCount: 2 }],
  busyHours: [
    { weekday: 2, hour: 9, count: 1 },
    { weekday: 6, hour: 10, count: 3 },
  ],
  repeatCustomers: { repeat: 1, total: 2 },
  rating: { average: 4.8, reviewCount: 261 },
};

const newDetailer: BusinessStats = {
  ...busyDetailer,
  period: '12w',
  revenueSource: 'bookings',
  revenueByWeek: weeks.map((weekStart) => ({ weekStart, amountCents: 0 })),
  totalRevenueCents: 0,
  completedBookings: 0,
  bookingsByService: [],
  ratingByMonth: [{ month: '2026-11', averageRating: null, reviewCount: 0 }],
  busyHours: [],
  repeatCustomers: { repeat: 0, total: 0 },
};

let replies: Record<string, Reply> = {};
const fetchMock = fetchFromReplies(() => replies);
stubFetchEachTest(fetchMock, { hasMeasuringWidgets: true });

const renderPage = () => renderAtPath('/business/dashboard', <BusinessDashboardPage />);

describe('BusinessDashboardPage', () => {
  it('shows five charts, each with a summary; Show table swaps the drawing for a captioned table and back', async () => {
    replies = { '/api/detailer/stats?period=12w': { status: 200, body: busyDetailer } };
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Business dashboard' })).toBeTruthy();
    const revenue = await screen.findByRole('region', { name: 'Revenue per week' });
    for (const name of ['Bookings by service', 'Rating over time', 'Busiest days and hours', 'Repeat customers']) {
      expect(screen.getByRole('region', { name })).toBeTruthy();
    }
    expect(within(revenue).getByText(/\$219\.95 in the last 4 weeks \(after commission, tips included\); best week Nov 16/)).toBeTruthy();
    expect(screen.getByText(/Busiest: Saturdays at 10 AM/)).toBeTruthy();
    // The rating customers see (the cards' figure) first, this period's own reviews named apart.
    expect(screen.getByText('Customers see 4.8 out of 5 from 261 reviews. This period: 4.5 from 2 reviews.')).toBeTruthy();
    expect(screen.getByText(/50% of your customers came back/)).toBeTruthy();
    expect(within(revenue).queryByRole('table')).toBeNull();

    const toggle = within(revenue).getByRole('button', { name: 'Show table' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const table = within(revenue).getByRole('table', { name: /Revenue per week/ });
    expect(within(table).getByRole('rowheader', { name: 'Nov 16' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: '$169.80' })).toBeTruthy();
    expect(within(revenue).getByRole('button', { name: 'Show chart' }).getAttribute('aria-expanded')).toBe('true');

    const services = screen.getByRole('region', { name: 'Bookings by service' });
    fireEvent.click(within(services).getByRole('button', { name: 'Show table' }));
    expect(within(services).getByRole('table', { name: 'Completed jobs by service' })).toBeTruthy();
    expect(within(services).getByRole('rowheader', { name: 'Full Interior Detail' })).toBeTruthy();

    fireEvent.click(within(revenue).getByRole('button', { name: 'Show chart' }));
    expect(within(revenue).queryByRole('table')).toBeNull();
  });

  it('asks for another period from the picker', async () => {
    replies = {
      '/api/detailer/stats?period=12w': { status: 200, body: newDetailer },
      '/api/detailer/stats?period=4w': { status: 200, body: busyDetailer },
    };
    renderPage();
    await screen.findByText('Your charts fill in after your first completed job');
    const picker = screen.getByRole('radiogroup', { name: 'Period' });
    expect(within(picker).getByRole('radio', { name: '12 weeks' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(within(picker).getByRole('radio', { name: '4 weeks' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/detailer/stats?period=4w', expect.anything()));
    expect(await screen.findByRole('region', { name: 'Revenue per week' })).toBeTruthy();
  });

  it('shows a new detailer the empty state instead of empty charts', async () => {
    replies = { '/api/detailer/stats?period=12w': { status: 200, body: newDetailer } };
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Your charts fill in after your first completed job' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Revenue per week' })).toBeNull();
    expect(screen.getByRole('link', { name: 'See your jobs' }).getAttribute('href')).toBe('/detailer/bookings');
  });

  it('offers a retry when the figures do not load', async () => {
    replies = { '/api/detailer/stats?period=12w': { status: 500, body: { code: 'internal', message: 'Something went wrong' } } };
    renderPage();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
