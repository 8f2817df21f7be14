// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultPublicSettings } from '@core/domain/public-settings.ts';
import type { PlatformSettingsResponse } from '@core/schemas/platform-settings.ts';
import { Toaster } from '@/components/ui/toaster.tsx';
import { createQueryClient } from '@/lib/query-client.ts';
import { jsonResponse as json } from '../../../../../tests/factories/booking-response.ts';
import { stubFetchEachTest } from '../../../../../tests/factories/page-harness.tsx';
import AdminSettingsPage from './admin-settings-page.tsx';

let settings: PlatformSettingsResponse;
let getAnswer: () => Response | Promise<Response>;
let patchAnswer: (body: Record<string, number | string>) => Response | Promise<Response>;
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  if (url === '/api/admin/settings' && (init?.method ?? 'GET') === 'GET') return getAnswer();
  if (url === '/api/admin/settings' && init?.method === 'PATCH') return patchAnswer(JSON.parse(String(init.body)));
  return json({ message: 'Not found' }, 404);
});

stubFetchEachTest(fetchMock);
beforeEach(() => {
  settings = {
    ...defaultPublicSettings,
    commissionBasisPoints: 1500,
    payoutWeekday: 1,
    updatedAt: '2026-11-01T10:00:00.000Z',
    changes: [],
  };
  getAnswer = () => json(settings);
  patchAnswer = (body) => {
    settings = { ...settings, ...body, updatedAt: '2026-11-25T10:00:00.000Z' };
    return json(settings);
  };
});

function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AdminSettingsPage />
      <Toaster />
    </QueryClientProvider>,
  );
}

const patchCalls = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH');
const commission = () => screen.getByLabelText('Commission (%)') as HTMLInputElement;
const payoutDay = () => screen.getByLabelText('Payout day') as HTMLSelectElement;

describe('AdminSettingsPage', () => {
  it('shows a skeleton while loading, then the commission in percent and the payout day', async () => {
    let answer: (response: Response) => void = () => {};
    getAnswer = () => new Promise<Response>((resolve) => (answer = resolve));
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading settings');

    answer(json(settings));
    expect(((await screen.findByLabelText('Commission (%)')) as HTMLInputElement).value).toBe('15');
    for (const name of ['Prices', 'Cancellations and timing', 'Referrals', 'Payouts and commission', 'Support', 'Recent changes']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    }
    expect((screen.getByLabelText('Service fee ($)') as HTMLInputElement).value).toBe('15');
    expect((screen.getByLabelText('Tax rate (%)') as HTMLInputElement).value).toBe('8');
    expect(commission().step).toBe('0.01');
    expect(payoutDay().value).toBe('1');
    expect(
      within(payoutDay())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
  });

  it('saves the commission in basis points and the payout day, then says so in a toast', async () => {
    renderPage();
    await screen.findByLabelText('Commission (%)');
    fireEvent.change(commission(), { target: { value: '12.35' } });
    fireEvent.change(payoutDay(), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(patchCalls()).toHaveLength(1);
    expect(JSON.parse(String(patchCalls()[0]![1]!.body))).toEqual({ commissionBasisPoints: 1235, payoutWeekday: 5 });
    await waitFor(() => expect(commission().value).toBe('12.35'));
    expect(payoutDay().value).toBe('5');
  });

  it('disables Save changes while saving', async () => {
    let answer: (response: Response) => void = () => {};
    patchAnswer = () => new Promise<Response>((resolve) => (answer = resolve));
    renderPage();
    await screen.findByLabelText('Commission (%)');
    fireEvent.change(commission(), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Saving...' }).hasAttribute('disabled')).toBe(true));
    answer(json(settings));
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save changes' }).hasAttribute('disabled')).toBe(false);
  });

  it('checks the commission before sending: 0 to 50 %', async () => {
    renderPage();
    await screen.findByLabelText('Commission (%)');
    fireEvent.change(commission(), { target: { value: '50.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Commission must be between 0 % and 50 %')).toBeTruthy();
    expect(commission().getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(commission(), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Commission must be between 0 % and 50 %')).toBeTruthy();
    expect(patchCalls()).toHaveLength(0);
  });

  it("shows the server's field errors under their fields", async () => {
    patchAnswer = () =>
      json(
        {
          code: 'bad_request',
          message: 'Payout day must be a weekday from Sunday (0) to Saturday (6)',
          fields: {
            payoutWeekday: 'Payout day must be a weekday from Sunday (0) to Saturday (6)',
            commissionBasisPoints: 'Commission must be between 0 % and 50 %',
          },
        },
        400,
      );
    renderPage();
    await screen.findByLabelText('Commission (%)');
    fireEvent.change(payoutDay(), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const dayError = await screen.findByText('Payout day must be a weekday from Sunday (0) to Saturday (6)');
    expect(payoutDay().getAttribute('aria-describedby')).toContain(dayError.id);
    const commissionError = screen.getByText('Commission must be between 0 % and 50 %');
    expect(commission().getAttribute('aria-describedby')).toContain(commissionError.id);
    expect(screen.queryByText('Settings saved')).toBeNull();
  });

  it('offers to try again when the settings cannot be loaded', async () => {
    getAnswer = () => json({ message: 'Server error' }, 500);
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText("We couldn't load the settings.")).toBeTruthy();
    getAnswer = () => json(settings);
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(((await screen.findByLabelText('Commission (%)')) as HTMLInputElement).value).toBe('15');
  });

  it('sends only what changed, in cents and basis points, and lists the change with who made it', async () => {
    patchAnswer = (body) => {
      settings = {
        ...settings,
        ...body,
        updatedAt: '2026-11-25T10:00:00.000Z',
        changes: [
          {
            id: 2,
            setting: 'taxRateBasisPoints',
            oldValue: '800',
            newValue: '925',
            changedBy: 'Ada Admin',
            createdAt: '2026-11-25T10:00:00.000Z',
          },
          { id: 1, setting: 'serviceFeeCents', oldValue: '1500', newValue: '1999', changedBy: null, createdAt: '2026-11-25T10:00:00.000Z' },
        ],
      };
      return json(settings);
    };
    renderPage();
    expect(await screen.findByText(/No changes yet/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Service fee ($)'), { target: { value: '19.99' } });
    fireEvent.change(screen.getByLabelText('Tax rate (%)'), { target: { value: '9.25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(JSON.parse(String(patchCalls()[0]![1]!.body))).toEqual({ serviceFeeCents: 1999, taxRateBasisPoints: 925 });
    const list = await screen.findByRole('list', { name: 'Setting changes' });
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items[0]).toContain('Tax rate: 8 % → 9.25 %');
    expect(items[0]).toContain('Ada Admin');
    expect(items[1]).toContain('Service fee: $15.00 → $19.99');
    expect(items[1]).toContain('A deleted account');
  });

  it('checks every range before sending, with the field named, and sends nothing when nothing changed', async () => {
    renderPage();
    await screen.findByLabelText('Commission (%)');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('No changes to save')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Hold time (minutes)'), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Support email'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Hold time must be between 5 and 60 minutes')).toBeTruthy();
    expect(screen.getByText('Support email must be a valid email address')).toBeTruthy();
    expect(screen.getByLabelText('Hold time (minutes)').getAttribute('aria-invalid')).toBe('true');
    expect(patchCalls()).toHaveLength(0);
  });
});
