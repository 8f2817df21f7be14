// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster.tsx';
import { jsonResponse } from '../../../../../tests/factories/booking-response.ts';
import { renderAtPath, stubFetchEachTest } from '../../../../../tests/factories/page-harness.tsx';
import DetailerAvailabilityPage from './detailer-availability-page.tsx';

let posts: unknown[];
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  if (url === '/api/detailer/availability')
    return jsonResponse({ rules: [{ weekday: 1, startMinute: 540, endMinute: 1020 }], daysOff: [], timeZone: 'America/Chicago' }, 200);
  if (url === '/api/detailer/days-off' && init?.method === 'POST') {
    posts.push(JSON.parse(String(init.body)));
    return jsonResponse({ ok: true }, 200);
  }
  if (url === '/api/auth/session') return jsonResponse({ user: null }, 200);
  return jsonResponse({ message: 'Not found' }, 404);
});
stubFetchEachTest(fetchMock);
beforeEach(() => {
  posts = [];
});

const renderPage = () =>
  renderAtPath(
    '/detailer/availability',
    <>
      <DetailerAvailabilityPage />
      <Toaster />
    </>,
  );

describe('the day-off form', () => {
  it("shows the API schema's message under the date, focuses it, and sends nothing", async () => {
    renderPage();
    const date = await screen.findByLabelText('Date');
    fireEvent.change(date, { target: { value: '2999-01-04' } });
    fireEvent.click(screen.getByRole('button', { name: 'Block day' }));
    expect(await screen.findByText('Date must be between 2000-01-01 and 2100-12-31')).toBeTruthy();
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(date.getAttribute('aria-describedby')).toBe('day-off-error');
    expect(document.activeElement).toBe(date);
    expect(posts).toEqual([]);
  });

  it('blocks a day and empties the field', async () => {
    renderPage();
    const date = (await screen.findByLabelText('Date')) as HTMLInputElement;
    expect((screen.getByRole('button', { name: 'Block day' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(date, { target: { value: '2026-12-24' } });
    fireEvent.click(screen.getByRole('button', { name: 'Block day' }));
    await waitFor(() => expect(posts).toEqual([{ date: '2026-12-24' }]));
    await waitFor(() => expect(date.value).toBe(''));
  });
});
