// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster.tsx';
import { jsonResponse as json } from '../../../../../tests/factories/booking-response.ts';
import { renderAtPath, stubFetchEachTest } from '../../../../../tests/factories/page-harness.tsx';
import AudienceFormPage from './audience-form-page.tsx';

const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  if (url === '/api/admin/audiences/preview')
    return json({ count: 2, sample: [{ name: 'Ana Diaz', email: 'ana@example.com', city: 'Austin' }] });
  if (url === '/api/admin/audiences' && init?.method === 'POST')
    return json({ id: 9, name: 'Austin', rules: {}, count: 2, createdAt: '', updatedAt: '' }, 201);
  return json({ message: 'Not found' }, 404);
});
stubFetchEachTest(fetchMock);

const renderPage = () =>
  renderAtPath(
    '/admin/marketing/audiences/new',
    <>
      <AudienceFormPage />
      <Toaster />
    </>,
  );
const saves = () => fetchMock.mock.calls.filter(([url, init]) => url === '/api/admin/audiences' && init?.method === 'POST');
const describedError = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;

describe('the audience form', () => {
  it('checks the rules as they are typed and counts a valid set', async () => {
    renderPage();
    const zip = screen.getByLabelText('ZIP code');
    fireEvent.change(zip, { target: { value: '787' } });
    expect(describedError(zip)).toBe('ZIP code must be 5 digits');
    expect(screen.getByText('Fix the rules above to see who matches.')).toBeTruthy();
    fireEvent.change(zip, { target: { value: '78701' } });
    fireEvent.change(screen.getByLabelText('Radius (miles)'), { target: { value: '10' } });
    expect(await screen.findByText('2 people')).toBeTruthy();
    const preview = fetchMock.mock.calls.find(([url]) => url === '/api/admin/audiences/preview');
    expect(JSON.parse(String(preview?.[1]?.body))).toEqual({ zip: '78701', radiusMiles: 10 });
  });

  it("shows the API schema's messages under the fields, focuses the first one, and sends nothing", async () => {
    renderPage();
    fireEvent.change(screen.getByLabelText('Bookings at least'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Bookings at most'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save audience' }));
    const name = screen.getByLabelText('Name');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(describedError(name)).toBe('Name is required');
    expect(describedError(screen.getByLabelText('Bookings at most'))).toBe('Maximum bookings must be at least the minimum');
    expect(document.activeElement).toBe(name);
    expect(saves()).toEqual([]);
  });

  it('saves the name and the rules set, leaving empty ones out', async () => {
    renderPage();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Austin' } });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: ' Austin ' } });
    fireEvent.change(screen.getByLabelText('Membership'), { target: { value: 'no' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save audience' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(JSON.parse(String(saves()[0]?.[1]?.body))).toEqual({ name: 'Austin', rules: { city: 'Austin', hasMembership: false } });
    expect(await screen.findByText('Audience saved')).toBeTruthy();
  });
});
