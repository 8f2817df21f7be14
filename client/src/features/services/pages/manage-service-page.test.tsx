// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OwnService } from '@core/schemas/own-service.ts';
import { userResponse } from '../../../../../tests/factories/account-responses.ts';
import { fetchFromReplies, renderAtPath, stubFetchEachTest, type Reply } from '../../../../../tests/factories/page-harness.tsx';
import ManageServicePage from './manage-service-page.tsx';

const detailer = userResponse({
  id: 3,
  email: 'detailer@example.com',
  role: 'detailer',
  name: 'Dana Detailer',
  username: 'dana',
  detailerId: 1,
});
const categories = [
  { id: 1, name: 'Exterior' },
  { id: 2, name: 'Interior' },
];

const saved: OwnService = {
  id: 5,
  name: 'Foam Wash',
  description: 'Snow foam and a hand wash.',
  categoryId: 1,
  categoryName: 'Exterior',
  priceCents: 6500,
  durationMinutes: 60,
  imageUploadId: null,
  imageUrl: '/images/services/default.svg',
  checklist: ['Pre-rinse', 'Foam', 'Dry'],
  surcharges: [{ vehicleType: 'SUV', surchargeCents: 1500 }],
  pausedAt: null,
  bookable: true,
  upcomingBookingCount: 0,
  hasBookings: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

let replies: Record<string, Reply>;
const fetchMock = fetchFromReplies(() => replies);
const session = stubFetchEachTest(fetchMock, { signedInAs: detailer });
beforeEach(() => {
  replies = {
    ...session,
    '/api/service-categories': { status: 200, body: categories },
  };
});

/** The bodies sent with a method, parsed. */
const sent = (method: string) =>
  (fetchMock.mock.calls as unknown as [string, RequestInit | undefined][])
    .filter(([, init]) => init?.method === method)
    .map(([url, init]) => ({ url, body: JSON.parse(String(init?.body ?? 'null')) as Record<string, unknown> }));

describe('ManageServicePage', () => {
  it('adds a service: dollars become cents, a surcharge per vehicle type, checklist steps in order', async () => {
    replies['/api/detailer/services'] = { status: 201, body: saved };
    renderAtPath('/detailer/manage-services', <ManageServicePage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Add a service' })).toBeTruthy();
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Foam Wash' } });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '65' } });
    fireEvent.change(screen.getByLabelText('Duration'), { target: { value: '60' } });
    fireEvent.change(screen.getByLabelText('SUV surcharge'), { target: { value: '15' } });
    for (const step of ['Foam', 'Pre-rinse']) {
      fireEvent.click(screen.getByRole('button', { name: 'Add a step' }));
      const inputs = screen.getAllByLabelText(/^Step \d+$/);
      fireEvent.change(inputs.at(-1)!, { target: { value: step } });
    }
    // Pre-rinse comes first: up it goes.
    fireEvent.click(screen.getByRole('button', { name: 'Move Step 2 up' }));
    expect((screen.getByLabelText('Step 1') as HTMLInputElement).value).toBe('Pre-rinse');
    fireEvent.click(screen.getByRole('button', { name: 'Add service' }));

    await waitFor(() => expect(sent('POST')).toHaveLength(1));
    const { url, body } = sent('POST')[0]!;
    expect(url).toBe('/api/detailer/services');
    expect(body).toMatchObject({
      name: 'Foam Wash',
      categoryId: 1,
      priceCents: 6500,
      durationMinutes: 60,
      checklist: ['Pre-rinse', 'Foam'],
      surcharges: [
        { vehicleType: 'Sedan', surchargeCents: 0 },
        { vehicleType: 'SUV', surchargeCents: 1500 },
        { vehicleType: 'Truck', surchargeCents: 0 },
        { vehicleType: 'Van', surchargeCents: 0 },
        { vehicleType: 'Luxury/Sports', surchargeCents: 0 },
      ],
    });
  });

  it("checks with the server's own schema before sending: the fields are named and nothing is sent", async () => {
    renderAtPath('/detailer/manage-services', <ManageServicePage />);
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'W' } });
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '4.99' } });
    fireEvent.change(screen.getByLabelText('Van surcharge'), { target: { value: '600' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add service' }));
    expect(await screen.findByText('Name must be at least 2 characters')).toBeTruthy();
    expect(screen.getByText('Price must be between $5.00 and $5,000.00')).toBeTruthy();
    expect(screen.getByText('Choose a category')).toBeTruthy();
    expect(screen.getByText('Van surcharge must be between $0.00 and $500.00, in whole cents')).toBeTruthy();
    expect(screen.getByLabelText('Price').getAttribute('aria-invalid')).toBe('true');
    expect(sent('POST')).toEqual([]);
  });

  it('edits a service: the saved values are filled in, a name already used shows at the name', async () => {
    replies['/api/detailer/services/5'] = { status: 200, body: saved };
    renderAtPath('/detailer/manage-services?id=5', <ManageServicePage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit service' })).toBeTruthy();
    expect(((await screen.findByLabelText('Name')) as HTMLInputElement).value).toBe('Foam Wash');
    expect((screen.getByLabelText('Price') as HTMLInputElement).value).toBe('65.00');
    expect((screen.getByLabelText('SUV surcharge') as HTMLInputElement).value).toBe('15.00');
    expect((screen.getByLabelText('Sedan surcharge') as HTMLInputElement).value).toBe('');
    expect(screen.getAllByLabelText(/^Step \d+$/).map((input) => (input as HTMLInputElement).value)).toEqual(['Pre-rinse', 'Foam', 'Dry']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Step 3' }));

    replies['/api/detailer/services/5'] = {
      status: 409,
      body: { code: 'conflict', message: 'You already have a service named "Foam Wash". Choose another name.' },
    };
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('You already have a service named "Foam Wash". Choose another name.')).toBeTruthy();
    const { url, body } = sent('PATCH')[0]!;
    expect(url).toBe('/api/detailer/services/5');
    expect(body).toMatchObject({ checklist: ['Pre-rinse', 'Foam'], imageUploadId: null, priceCents: 6500 });
  });

  it("says 'Service not found' for a service that is not the detailer's", async () => {
    replies['/api/detailer/services/9'] = { status: 404, body: { code: 'not_found', message: 'Service not found' } };
    renderAtPath('/detailer/manage-services?id=9', <ManageServicePage />);
    expect(await screen.findByRole('heading', { name: 'Service not found' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Edit service' })).getByRole('link', { name: 'Back to My services' })).toBeTruthy();
  });
});
