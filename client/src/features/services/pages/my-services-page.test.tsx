// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OwnService } from '@core/schemas/own-service.ts';
import { userResponse } from '../../../../../tests/factories/account-responses.ts';
import { fetchFromReplies, renderAtPath, stubFetchEachTest, type Reply } from '../../../../../tests/factories/page-harness.tsx';
import MyServicesPage from './my-services-page.tsx';

const detailer = userResponse({
  id: 3,
  email: 'detailer@example.com',
  role: 'detailer',
  name: 'Dana Detailer',
  username: 'dana',
  detailerId: 1,
});

const service = (overrides: Partial<OwnService>): OwnService => ({
  id: 1,
  name: 'Complete Detail Package',
  description: 'Inside and out.',
  categoryId: 3,
  categoryName: 'Full Detail',
  priceCents: 19900,
  durationMinutes: 180,
  imageUploadId: null,
  imageUrl: '/images/services/complete-detail.svg',
  checklist: ['Foam', 'Wash'],
  surcharges: [
    { vehicleType: 'Truck', surchargeCents: 2000 },
    { vehicleType: 'Van', surchargeCents: 2000 },
  ],
  pausedAt: null,
  bookable: true,
  upcomingBookingCount: 2,
  hasBookings: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const complete = service({});
const wash = service({
  id: 2,
  name: 'Basic Exterior Wash',
  priceCents: 5900,
  durationMinutes: 45,
  categoryName: 'Exterior',
  surcharges: [],
  pausedAt: '2026-02-01T00:00:00.000Z',
  upcomingBookingCount: 0,
  hasBookings: false,
});

let replies: Record<string, Reply>;
const fetchMock = fetchFromReplies(() => replies);
const session = stubFetchEachTest(fetchMock, { signedInAs: detailer });
beforeEach(() => {
  replies = { ...session };
});

const calls = (method: string) =>
  (fetchMock.mock.calls as unknown as [string, RequestInit | undefined][])
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([url]) => url);
const renderPage = () => renderAtPath('/detailer/services', <MyServicesPage />);

describe('MyServicesPage', () => {
  it('lists the services as cards: name, price and time, Paused badge, surcharges, upcoming bookings', async () => {
    replies['/api/detailer/services'] = { status: 200, body: [complete, wash] };
    renderPage();
    const list = await screen.findByRole('list', { name: 'Your services' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('heading', { name: 'Complete Detail Package' })).toBeTruthy();
    expect(first!.textContent).toContain('$199.00 · 3 h · Full Detail');
    expect(within(first!).getByText('Surcharges: Truck +$20.00 · Van +$20.00')).toBeTruthy();
    expect(within(first!).getByText('2 upcoming bookings')).toBeTruthy();
    expect(within(first!).queryByText('Paused')).toBeNull();
    expect(within(first!).getByRole('link', { name: 'Edit Complete Detail Package' }).getAttribute('href')).toBe(
      '/detailer/manage-services?id=1',
    );
    expect(within(first!).getByRole('button', { name: 'Pause Complete Detail Package' })).toBeTruthy();

    expect(within(second!).getByText('Paused')).toBeTruthy();
    expect(within(second!).getByText('No vehicle surcharges')).toBeTruthy();
    expect(within(second!).getByRole('button', { name: 'Resume Basic Exterior Wash' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add service' }).getAttribute('href')).toBe('/detailer/manage-services');
  });

  it('invites the first service when there is none', async () => {
    replies['/api/detailer/services'] = { status: 200, body: [] };
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No services yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add your first service' }).getAttribute('href')).toBe('/detailer/manage-services');
  });

  it('says so with a retry when the list cannot load', async () => {
    replies['/api/detailer/services'] = { status: 500, body: { code: 'internal', message: 'Something went wrong' } };
    renderPage();
    expect(await screen.findByText("We couldn't load your services.")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('pauses a service with one tap', async () => {
    replies['/api/detailer/services'] = { status: 200, body: [complete] };
    replies['/api/detailer/services/1/pause'] = { status: 200, body: { ...complete, pausedAt: '2026-03-01T00:00:00.000Z' } };
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Pause Complete Detail Package' }));
    await waitFor(() => expect(calls('POST')).toEqual(['/api/detailer/services/1/pause']));
    // The list is read again, with the service now paused.
    await waitFor(() => expect(calls('GET').filter((url) => url === '/api/detailer/services')).toHaveLength(2));
  });

  it("asks before deleting, and shows the server's refusal with Pause offered instead", async () => {
    replies['/api/detailer/services'] = { status: 200, body: [complete] };
    replies['/api/detailer/services/1'] = {
      status: 409,
      body: { code: 'conflict', message: 'This service has upcoming bookings. Pause it instead.' },
    };
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Complete Detail Package' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Complete Detail Package?' });
    expect(within(dialog).getByText(/It has past bookings, so it is archived/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete service' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This service has upcoming bookings. Pause it instead.');
    expect(calls('DELETE')).toEqual(['/api/detailer/services/1']);
    expect(within(dialog).queryByRole('button', { name: 'Delete service' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Pause instead' })).toBeTruthy();
  });
});
