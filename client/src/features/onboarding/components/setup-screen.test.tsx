// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Onboarding } from '@core/schemas/onboarding.ts';
import { jsonResponse as json } from '../../../../../tests/factories/booking-response.ts';
import { renderAtPath, stubFetchEachTest } from '../../../../../tests/factories/page-harness.tsx';
import { SetupScreen } from './setup-screen.tsx';

const onboarding: Onboarding = {
  steps: [
    { key: 'business', label: 'Business name, description and logo', done: false, href: '/detailer#business' },
    { key: 'area', label: 'Service area', done: true, href: '/detailer/availability' },
    { key: 'hours', label: 'Weekly hours', done: false, href: '/detailer/availability' },
    { key: 'services', label: 'At least one service', done: false, href: '/detailer/manage-services' },
    { key: 'payout', label: 'Payout details', done: false, href: '/business' },
  ],
  complete: false,
  approved: false,
  submittedForApproval: false,
  business: { businessName: 'Sam Shine', description: '', logoUploadId: null, logoUrl: null },
};

let patchAnswer: () => Response;
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  if (url === '/api/detailer/business' && init?.method === 'PATCH') return patchAnswer();
  return json({ message: 'Not found' }, 404);
});
stubFetchEachTest(fetchMock);

describe('SetupScreen', () => {
  it('lists the steps with ticks and links, and the progress', () => {
    renderAtPath('/detailer', <SetupScreen onboarding={onboarding} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Set up your business' })).toBeTruthy();
    expect(screen.getByText('1 of 5 done')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Setup progress' }).getAttribute('aria-valuenow')).toBe('1');
    const list = screen.getByRole('list', { name: 'Setup steps' });
    expect(
      within(list)
        .getByRole('link', { name: /Service area.*Done/ })
        .getAttribute('href'),
    ).toBe('/detailer/availability');
    expect(
      within(list)
        .getByRole('link', { name: /At least one service.*To do/ })
        .getAttribute('href'),
    ).toBe('/detailer/manage-services');
    expect(
      within(list)
        .getByRole('link', { name: /Payout details/ })
        .getAttribute('href'),
    ).toBe('/business');
    // The business step is on this page: a jump to its form.
    expect(
      within(list)
        .getByRole('link', { name: /Business name, description and logo/ })
        .getAttribute('href'),
    ).toBe('#business');
    expect(screen.getByLabelText('Logo or photo')).toBeTruthy();
  });

  it('checks the form before sending, then saves name and description', async () => {
    patchAnswer = () => json({ ...onboarding, business: { ...onboarding.business, description: 'Hand washes at your door, every day.' } });
    renderAtPath('/detailer', <SetupScreen onboarding={onboarding} />);
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Too short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save business details' }));
    expect(await screen.findByText('Description must be at least 20 characters')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Hand washes at your door, every day.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save business details' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/detailer/business', expect.objectContaining({ method: 'PATCH' })));
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]!.body));
    expect(body).toEqual({ businessName: 'Sam Shine', description: 'Hand washes at your door, every day.' });
  });

  it("puts the server's message on its field", async () => {
    patchAnswer = () =>
      json({ code: 'bad_request', message: 'Business name is taken', fields: { businessName: 'Business name is taken' } }, 400);
    renderAtPath('/detailer', <SetupScreen onboarding={onboarding} />);
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Hand washes at your door, every day.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save business details' }));
    const message = await screen.findByText('Business name is taken');
    expect(screen.getByLabelText('Business name').getAttribute('aria-describedby')).toContain(message.id);
  });
});
