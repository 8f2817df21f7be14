// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Vehicle } from '@core/schemas/vehicle.ts';
import { userResponse } from '../../../../../tests/factories/account-responses.ts';
import { fetchFromReplies, renderAtPath, stubFetchEachTest, type Reply } from '../../../../../tests/factories/page-harness.tsx';
import GaragePage from './garage-page.tsx';

const car = (overrides: Partial<Vehicle>): Vehicle => ({
  id: 1,
  make: 'Toyota',
  model: 'RAV4',
  year: 2021,
  color: 'Blue',
  licensePlate: '8ABC123',
  vehicleType: 'SUV',
  nickname: '',
  photoUploadId: null,
  photoUrl: null,
  isDefault: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const rav4 = car({});
const civic = car({
  id: 2,
  make: 'Honda',
  model: 'Civic',
  year: 2018,
  color: '',
  licensePlate: '',
  vehicleType: 'Sedan',
  nickname: 'Commuter',
  isDefault: false,
  photoUploadId: 9,
  photoUrl: '/api/uploads/9',
});

let replies: Record<string, Reply>;
const fetchMock = fetchFromReplies(() => replies);

const session = stubFetchEachTest(fetchMock, { signedInAs: userResponse() });
beforeEach(() => {
  replies = { ...session };
});

const renderGarage = () => renderAtPath('/garage', <GaragePage />);
/** The URLs fetched with a method (the stub's own type leaves out fetch's second argument). */
const calls = (method: string) =>
  (fetchMock.mock.calls as unknown as [string, RequestInit | undefined][])
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([url]) => url);

describe('GaragePage', () => {
  it('lists the cars: name or nickname, type, colour, plate, the Default badge, a photo or a car icon', async () => {
    replies['/api/vehicles'] = { status: 200, body: [rav4, civic] };
    const { container } = renderGarage();
    const list = await screen.findByRole('list', { name: 'Your cars' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);

    expect(within(items[0]!).getByRole('heading', { name: '2021 Toyota RAV4' })).toBeTruthy();
    expect(within(items[0]!).getByText('SUV · Blue · 8ABC123')).toBeTruthy();
    expect(within(items[0]!).getByText('Default')).toBeTruthy();
    expect(within(items[0]!).queryByRole('button', { name: /default/ })).toBeNull();
    expect(items[0]!.querySelector('svg.lucide-car')).not.toBeNull();

    expect(within(items[1]!).getByRole('heading', { name: 'Commuter' })).toBeTruthy();
    expect(within(items[1]!).getByText('2018 Honda Civic')).toBeTruthy();
    expect(within(items[1]!).getByText('Sedan')).toBeTruthy();
    expect(within(items[1]!).queryByText('Default')).toBeNull();
    expect(within(items[1]!).getByRole('button', { name: 'Set as default: Commuter' })).toBeTruthy();
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/api/uploads/9?w=320');
    expect(screen.getByRole('heading', { level: 1, name: 'My Cars' })).toBeTruthy();
  });

  it('invites the first car when there is none, and opens the form from there', async () => {
    replies['/api/vehicles'] = { status: 200, body: [] };
    renderGarage();
    expect(await screen.findByRole('heading', { name: 'No cars yet' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add your first car' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a car' });
    expect(within(dialog).getByLabelText('Make')).toBeTruthy();
    expect(within(dialog).getByLabelText('Vehicle Type')).toBeTruthy();
  });

  it('sets the type from a known make and model (Toyota RAV4 is an SUV)', async () => {
    replies['/api/vehicles'] = { status: 200, body: [] };
    renderGarage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add your first car' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a car' });
    fireEvent.change(within(dialog).getByLabelText('Make'), { target: { value: 'Toyota' } });
    fireEvent.change(within(dialog).getByLabelText('Model'), { target: { value: 'RAV4' } });
    await waitFor(() => expect((within(dialog).getByLabelText('Vehicle Type') as HTMLSelectElement).value).toBe('SUV'));
  });

  it('deletes a car only once the confirmation is accepted', async () => {
    replies['/api/vehicles'] = { status: 200, body: [rav4, civic] };
    replies['/api/vehicles/2'] = { status: 200, body: { deleted: true } };
    renderGarage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Commuter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Commuter?' });
    expect(within(dialog).getByText(/Bookings made with it keep its details/)).toBeTruthy();

    // Keeping it sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('DELETE')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Commuter' }));
    replies['/api/vehicles'] = { status: 200, body: [rav4] };
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete Commuter?' })).getByRole('button', { name: 'Delete car' }));
    await waitFor(() => expect(calls('DELETE')).toEqual(['/api/vehicles/2']));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Commuter' })).toBeNull());
    expect(screen.getByRole('heading', { name: '2021 Toyota RAV4' })).toBeTruthy();
  });

  it('shows a loading state, then an error with a retry', async () => {
    replies['/api/vehicles'] = 'pending';
    const first = renderGarage();
    expect(await screen.findByText('Loading your cars')).toBeTruthy();
    first.unmount();
    replies['/api/vehicles'] = { status: 500, body: { code: 'internal', message: 'Boom' } };
    renderGarage();
    expect(await screen.findByText("We couldn't load your cars.", {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: /try again|retry/i })).toBeTruthy();
  });
});
