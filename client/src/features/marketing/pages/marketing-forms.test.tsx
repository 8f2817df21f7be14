// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster.tsx';
import { createQueryClient } from '@/lib/query-client.ts';
import { jsonResponse as json } from '../../../../../tests/factories/booking-response.ts';
import { stubFetchEachTest } from '../../../../../tests/factories/page-harness.tsx';
import AdminNotificationsPage from './admin-notifications-page.tsx';
import CampaignFormPage from './campaign-form-page.tsx';

const audience = {
  id: 3,
  name: 'Austin regulars',
  rules: {},
  count: 12,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  const method = init?.method ?? 'GET';
  if (url === '/api/admin/audiences' && method === 'GET') return json([audience]);
  if ((url === '/api/admin/notifications' || url === '/api/admin/promo-codes') && method === 'GET') return json([]);
  if (url === '/api/admin/campaigns/reach') return json({ recipients: 12, byChannel: { email: 0, push: 0, in_app: 12 }, promotionsOff: 0 });
  if (url === '/api/admin/notifications') return json({ id: 1, recipientCount: 12 }, 201);
  return json({ message: 'Not found' }, 404);
});
stubFetchEachTest(fetchMock);

const renderPage = (page: ReactNode) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      {page}
      <Toaster />
    </QueryClientProvider>,
  );
const posts = (url: string) => fetchMock.mock.calls.filter(([called, init]) => called === url && init?.method === 'POST');
const describedError = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;

describe('the admin notification form', () => {
  it("shows the API schema's messages under the fields, focuses the first one, and sends nothing", async () => {
    renderPage(<AdminNotificationsPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    const email = screen.getByLabelText("User's email");
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(describedError(email)).toBe('Choose one user by email or an audience');
    expect(describedError(screen.getByLabelText('Title'))).toBe('Title is required');
    expect(describedError(screen.getByLabelText('Message'))).toBe('Message is required');
    expect(document.activeElement).toBe(email);
    expect(posts('/api/admin/notifications')).toEqual([]);
  });

  it('asks for an audience when sending to one, then sends its id', async () => {
    renderPage(<AdminNotificationsPage />);
    fireEvent.change(screen.getByLabelText('Send to'), { target: { value: 'audience' } });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Spring wash' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: '20% off this week' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    const select = await screen.findByLabelText('Audience');
    await waitFor(() => expect(describedError(select)).toBe('Choose an audience'));
    expect(posts('/api/admin/notifications')).toEqual([]);

    await screen.findByRole('option', { name: 'Austin regulars (12)' });
    fireEvent.change(select, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    expect(await screen.findByText('Sent to 12 people')).toBeTruthy();
    expect(posts('/api/admin/notifications').map(([, init]) => JSON.parse(String(init!.body)))).toEqual([
      { audienceId: 3, title: 'Spring wash', message: '20% off this week' },
    ]);
  });
});

describe('the campaign form', () => {
  it("refuses a link outside Glossly with the API schema's message and saves nothing", async () => {
    renderPage(<CampaignFormPage />);
    const name = await screen.findByLabelText('Campaign name');
    fireEvent.change(name, { target: { value: 'Spring' } });
    fireEvent.change(screen.getByLabelText('Button link (optional)'), { target: { value: 'https://example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const audienceSelect = screen.getByLabelText('Audience');
    await waitFor(() => expect(describedError(audienceSelect)).toBe('Audience is required'));
    expect(describedError(screen.getByLabelText('Subject'))).toBe('Subject is required');
    expect(describedError(screen.getByLabelText('Button link (optional)'))).toBe(
      'Link must be a page of Glossly starting with / (for example /detailers)',
    );
    expect(document.activeElement).toBe(audienceSelect);
    expect(posts('/api/admin/campaigns')).toEqual([]);
  });
});
