// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '@core/schemas/booking.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { bookingResponse, jsonResponse as json } from '../../../../../tests/factories/booking-response.ts';
import { stubFetchEachTest } from '../../../../../tests/factories/page-harness.tsx';
import DetailerBookingsPage from './detailer-bookings-page.tsx';

const job: Booking = bookingResponse({
  id: 7,
  status: 'requested',
  startsAt: '2099-01-05T18:00:00.000Z',
  endsAt: '2099-01-05T18:45:00.000Z',
  date: '2099-01-05',
  time: '10:00 AM',
  timeZone: 'America/Los_Angeles',
  customerName: 'Sam Carter',
  allowedActions: ['accept', 'decline'],
  timeline: [{ status: 'requested', action: 'authorize', at: '2098-12-30T10:00:00.000Z' }],
});

let serverJob: Booking;
const defaultFetch = async (url: string, init?: RequestInit) => {
  if (url === '/api/bookings' && (init?.method ?? 'GET') === 'GET') return json([serverJob]);
  if (url === `/api/bookings/${job.id}/accept` && init?.method === 'POST') {
    serverJob = { ...serverJob, status: 'accepted', allowedActions: ['start-route', 'cancel'] };
    return json(serverJob);
  }
  return json({ message: 'Not found' }, 404);
};
const fetchMock = vi.fn(defaultFetch);

stubFetchEachTest(fetchMock);
beforeEach(() => {
  serverJob = job;
});

function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <DetailerBookingsPage />
    </QueryClientProvider>,
  );
}

describe('DetailerBookingsPage', () => {
  it('lists a request with Accept / Decline; accepting posts the action and moves the job to Upcoming with On my way', async () => {
    renderPage();
    const requests = await screen.findByRole('region', { name: /New requests/ });
    expect(within(requests).getByText('Basic Exterior Wash')).toBeTruthy();
    expect(within(requests).getByRole('button', { name: /^Decline/ })).toBeTruthy();

    fireEvent.click(within(requests).getByRole('button', { name: /^Accept/ }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/bookings/7/accept', expect.objectContaining({ method: 'POST' })));
    const upcoming = await screen.findByRole('region', { name: /Upcoming/ });
    expect(await within(upcoming).findByRole('button', { name: /^On my way/ })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: /New requests/ })).getByText('No new requests right now.')).toBeTruthy();
    // The list was fetched again through its own key after the mutation.
    expect(fetchMock.mock.calls.filter(([url, init]) => url === '/api/bookings' && !init?.method?.startsWith('P')).length).toBe(2);
  });

  it("sorts jobs by the detailer's calendar days: a Thursday job is not Monday's, whatever its status or the UTC date", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Monday 2099-01-05, 8:00 PM in Los Angeles: already Tuesday 04:00 in UTC.
    vi.setSystemTime(new Date('2099-01-06T04:00:00Z'));
    const at = (id: number, date: string, startsAt: string, status: Booking['status'], serviceName: string): Booking => ({
      ...job,
      id,
      status,
      date,
      startsAt,
      endsAt: startsAt,
      serviceName,
      allowedActions: status === 'accepted' ? ['start-route'] : ['start'],
    });
    const jobs = [
      at(11, '2099-01-05', '2099-01-05T23:00:00.000Z', 'accepted', 'Monday wash'),
      at(12, '2099-01-08', '2099-01-08T17:00:00.000Z', 'en_route', 'Thursday wash'),
      at(13, '2099-01-06', '2099-01-06T17:00:00.000Z', 'accepted', 'Tuesday wash'),
      at(14, '2099-01-04', '2099-01-04T22:00:00.000Z', 'in_progress', 'Sunday wash under way'),
    ];
    fetchMock.mockImplementation(async () => json(jobs));
    try {
      renderPage();
      const today = await screen.findByRole('region', { name: /Today/ });
      const upcoming = screen.getByRole('region', { name: /Upcoming/ });
      const titles = (region: HTMLElement) =>
        within(region)
          .queryAllByRole('heading', { level: 3 })
          .map((h) => h.textContent);
      expect(titles(today)).toEqual(['Sunday wash under way', 'Monday wash']);
      expect(titles(upcoming)).toEqual(['Tuesday wash', 'Thursday wash']);
    } finally {
      fetchMock.mockImplementation(defaultFetch);
    }
  });

  it("puts the page's own heading under the header and names the customer on each job, with their access notes", async () => {
    serverJob = { ...job, status: 'accepted', allowedActions: ['start-route'], accessNotes: 'Gate code 4412, car in bay 3' };
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Your jobs' })).toBeTruthy();
    const upcoming = await screen.findByRole('region', { name: /Upcoming/ });
    expect(within(upcoming).getByText('Sam Carter')).toBeTruthy();
    expect(within(upcoming).getByText('Sedan')).toBeTruthy();
    expect(within(upcoming).getByText('1 Market St, San Francisco, 94105')).toBeTruthy();
    expect(within(upcoming).getByText('Access notes:')).toBeTruthy();
    expect(within(upcoming).getByText('Gate code 4412, car in bay 3')).toBeTruthy();
  });

  it('shows the error state with a retry when the jobs cannot be loaded', async () => {
    fetchMock.mockImplementationOnce(async () => json({ message: 'boom' }, 500));
    renderPage();
    expect(await screen.findByText("We couldn't load your jobs.")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: /New requests/ })).toBeTruthy();
  });
});
