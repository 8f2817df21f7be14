// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SavedAddress } from '@core/schemas/address.ts';
import { jsonResponse as json } from '../../../../../tests/factories/booking-response.ts';
import { renderAtPath, stubFetchEachTest } from '../../../../../tests/factories/page-harness.tsx';
import AddressesPage from './addresses-page.tsx';
import { homeAddress as home, workAddress as work } from '../../../../../tests/factories/account-responses.ts';

let places: SavedAddress[] | 'error' = [];
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  const method = init?.method ?? 'GET';
  if (url === '/api/addresses' && method === 'GET') return places === 'error' ? json({ message: 'boom' }, 500) : json(places);
  if (url === '/api/addresses' && method === 'POST') {
    const body = JSON.parse(String(init!.body));
    if (body.zip === '00000')
      return json({ code: 'bad_request', message: 'x', fields: { zip: 'We could not find ZIP code 00000. Check it and try again.' } }, 400);
    return json({ ...home, ...body, id: 3 }, 201);
  }
  if (url === '/api/addresses/1' && method === 'DELETE') {
    places = (places as SavedAddress[]).filter((p) => p.id !== 1).map((p) => ({ ...p, isDefault: true }));
    return json({ deleted: true });
  }
  if (url === '/api/addresses/2/default' && method === 'POST') return json({ ...work, isDefault: true });
  return json({ message: 'Not found' }, 404);
});
stubFetchEachTest(fetchMock);

const renderPage = () => renderAtPath('/addresses', <AddressesPage />);
const calls = (method: string, url: string) => fetchMock.mock.calls.filter(([u, init]) => u === url && (init?.method ?? 'GET') === method);

describe('AddressesPage', () => {
  it('lists each place with its label, address lines, access notes and the Default badge', async () => {
    places = [home, work];
    renderPage();
    const list = await screen.findByRole('list', { name: 'Saved places' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('heading', { name: 'Home Default' })).toBeTruthy();
    expect(within(first!).getByText('1 Market St, Unit 4')).toBeTruthy();
    expect(within(first!).getByText('San Francisco 94105')).toBeTruthy();
    expect(within(first!).getByText('Gate code 4412')).toBeTruthy();
    expect(within(first!).queryByRole('button', { name: /^Make default/ })).toBeNull();
    expect(within(second!).queryByText('Default')).toBeNull();
    fireEvent.click(within(second!).getByRole('button', { name: 'Make default: Work' }));
    await waitFor(() => expect(calls('POST', '/api/addresses/2/default')).toHaveLength(1));
  });

  it("shows the empty state with a way to add the first place, and the form shows the schema's messages", async () => {
    places = [];
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No saved places yet' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add a place' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a place' });
    expect((within(dialog).getByLabelText('Label') as HTMLInputElement).value).toBe('Home');
    fireEvent.change(within(dialog).getByLabelText('Zip'), { target: { value: '1234' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save place' }));
    expect(await within(dialog).findByText('Address is required')).toBeTruthy();
    expect(within(dialog).getByText('City is required')).toBeTruthy();
    expect(within(dialog).getByText('Enter a 5-digit ZIP code (or ZIP+4)')).toBeTruthy();
    expect(calls('POST', '/api/addresses')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Work' }));
    fireEvent.change(within(dialog).getByLabelText('Address'), { target: { value: '500 Terry A Francois Blvd' } });
    fireEvent.change(within(dialog).getByLabelText('City'), { target: { value: 'San Francisco' } });
    fireEvent.change(within(dialog).getByLabelText('Zip'), { target: { value: '00000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save place' }));
    // The server's answer for an unknown ZIP lands under the field.
    expect(await within(dialog).findByText('We could not find ZIP code 00000. Check it and try again.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Zip'), { target: { value: '94158' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save place' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = JSON.parse(String(calls('POST', '/api/addresses').at(-1)![1]!.body));
    expect(sent).toEqual({ label: 'Work', address: '500 Terry A Francois Blvd', city: 'San Francisco', zip: '94158' });
  });

  it('deletes a place only after the confirmation', async () => {
    places = [home, work];
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Home' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Home?' });
    expect(within(dialog).getByText(/Your newest other place becomes the default/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep place' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('DELETE', '/api/addresses/1')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Home' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete place' }));
    await waitFor(() => expect(calls('DELETE', '/api/addresses/1')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Home' })).toBeNull());
    expect(screen.getByRole('heading', { name: 'Work Default' })).toBeTruthy();
  });

  it('shows the error state with a retry', async () => {
    places = 'error';
    renderPage();
    expect(await screen.findByText("We couldn't load your saved places.")).toBeTruthy();
    places = [home];
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Home Default' })).toBeTruthy();
  });
});
