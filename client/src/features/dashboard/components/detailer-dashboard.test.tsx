// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DetailerDashboard as Dashboard } from '@core/schemas/dashboard.ts';
import { bookingResponse, jsonResponse as json } from '../../../../../tests/factories/booking-response.ts';
import { renderAtPath, stubFetchEachTest } from '../../../../../tests/factories/page-harness.tsx';
import { createQueryClient } from '@/lib/query-client.ts';
import { dashboardQueryKey } from '../api/get-dashboard.ts';
import { DetailerDashboard } from './detailer-dashboard.tsx';

const request = bookingResponse({
  id: 9,
  status: 'requested',
  date: '2099-01-07',
  time: '1:00 PM',
  customerName: 'Sam Carter',
  serviceName: 'Full Interior Detail',
  allowedActions: ['accept', 'decline'],
});
const job = (id: number, time: string, customerName: string) =>
  bookingResponse({ id, status: 'accepted', date: '2099-01-05', time, customerName, allowedActions: ['start-route'] });

let dashboard: Dashboard;
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  if (url === '/api/detailer/dashboard') return json(dashboard);
  if (url === '/api/bookings/9/accept' && init?.method === 'POST') {
    dashboard = { ...dashboard, requests: [], todayJobs: [...dashboard.todayJobs] };
    return json({ ...request, status: 'accepted' });
  }
  return json({ message: 'Not found' }, 404);
});
stubFetchEachTest(fetchMock);

function fresh(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    businessName: 'Shine On Mobile',
    timeZone: 'America/Los_Angeles',
    today: '2099-01-05',
    todayJobs: [job(1, '9:00 AM', 'Ada Lane'), job(2, '1:00 PM', 'Ben Ode')],
    overdueJobs: [],
    // 3 hours 20 minutes from now.
    requests: [{ booking: request, answerBy: new Date(Date.now() + 200 * 60_000).toISOString() }],
    weekEarningsCents: 12_345,
    weekStartsOn: '2099-01-05',
    acceptance: { accepted: 3, declined: 1, expired: 0, ratePercent: 75 },
    rating: 4.8,
    reviewCount: 12,
    ...overrides,
  };
}

describe('DetailerDashboard', () => {
  it("shows the week's figures, the requests with the time left and today's jobs in order", async () => {
    dashboard = fresh();
    renderAtPath('/detailer', <DetailerDashboard />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByText('$123.45')).toBeTruthy();
    expect(screen.getByText('75%')).toBeTruthy();
    expect(screen.getByText('4.8')).toBeTruthy();
    expect(screen.getByText('12 reviews')).toBeTruthy();
    const requests = screen.getByRole('region', { name: /New requests/ });
    expect(within(requests).getByText(/^Answer within 3 h (19|20) min/)).toBeTruthy();
    expect(within(requests).getByRole('button', { name: /^Decline: Full Interior Detail/ })).toBeTruthy();
    const today = screen.getByRole('region', { name: /Today's jobs/ });
    const customers = within(today)
      .getAllByText(/^(Ada Lane|Ben Ode)$/)
      .map((node) => node.textContent);
    expect(customers).toEqual(['Ada Lane', 'Ben Ode']);
    expect(within(today).getAllByRole('button', { name: /^On my way/ })).toHaveLength(2);
    const areas = screen.getByRole('navigation', { name: 'Your business' });
    for (const [name, href] of [
      ['Bookings', '/detailer/bookings'],
      ['Availability', '/detailer/availability'],
      ['Services', '/detailer/services'],
      ['Location sharing', '/detailer/location-sharing'],
      ['Marketing', '/detailer/marketing'],
      ['Business', '/business'],
      ['Charts', '/business/dashboard'],
    ]) {
      expect(
        within(areas)
          .getByRole('link', { name: new RegExp(`^${name}`) })
          .getAttribute('href'),
      ).toBe(href);
    }
  });

  it('accepting a request refetches the dashboard', async () => {
    dashboard = fresh();
    renderAtPath('/detailer', <DetailerDashboard />);
    fireEvent.click(await screen.findByRole('button', { name: /^Accept: Full Interior Detail/ }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/bookings/9/accept', expect.objectContaining({ method: 'POST' })));
    expect(await screen.findByText('No new requests right now.')).toBeTruthy();
  });

  it('takes the dashboard the page was drawn with as it is, and reads it again on a later visit', async () => {
    // Drawn with the page: answered before this page load began. The stream's first open reads it again (decision 053).
    const drawn = createQueryClient();
    drawn.setQueryData(dashboardQueryKey, fresh(), { updatedAt: performance.timeOrigin - 1000 });
    const firstVisit = renderAtPath('/detailer', <DetailerDashboard />, drawn);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/detailer/dashboard')).toHaveLength(0);
    firstVisit.unmount();

    // Read earlier in this page load (a visit, then another page): a new visit reads it again.
    const visited = createQueryClient();
    visited.setQueryData(dashboardQueryKey, fresh(), { updatedAt: Date.now() });
    dashboard = fresh();
    renderAtPath('/detailer', <DetailerDashboard />, visited);
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => url === '/api/detailer/dashboard')).toHaveLength(1));
  });

  it('says so when there is nothing yet', async () => {
    dashboard = fresh({
      todayJobs: [],
      requests: [],
      weekEarningsCents: 0,
      acceptance: { accepted: 0, declined: 0, expired: 0, ratePercent: null },
      reviewCount: 0,
      rating: 0,
    });
    renderAtPath('/detailer', <DetailerDashboard />);
    expect(await screen.findByText('No earnings yet this week')).toBeTruthy();
    expect(screen.getAllByText('—')).toHaveLength(2);
    expect(screen.getByText('Nothing scheduled for today.')).toBeTruthy();
    expect(screen.getByText('No new requests right now.')).toBeTruthy();
  });
});
