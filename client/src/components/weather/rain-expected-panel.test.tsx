// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingWeather } from '@core/schemas/weather.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { bookingResponse, jsonResponse as json } from '../../../../tests/factories/booking-response.ts';
import { stubFetchEachTest } from '../../../../tests/factories/page-harness.tsx';
import { RainExpectedPanel } from './rain-expected-panel.tsx';

const booking = bookingResponse({ id: 41, status: 'accepted', date: '2026-11-24', time: '9:00 AM' });
let weather: BookingWeather;
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  if (url === '/api/bookings/41/weather') return json(weather);
  if (url === '/api/bookings/41/weather-reschedule' && init?.method === 'POST')
    return json({ ...booking, date: '2026-11-25', time: '10:00 AM' });
  return json({ message: 'Not found' }, 404);
});
stubFetchEachTest(fetchMock);

const drySlots = [
  { date: '2026-11-25', time: '9:00 AM' as const, startsAt: '2026-11-25T17:00:00.000Z' },
  { date: '2026-11-25', time: '10:00 AM' as const, startsAt: '2026-11-25T18:00:00.000Z' },
  { date: '2026-11-23', time: '3:00 PM' as const, startsAt: '2026-11-23T23:00:00.000Z' },
];

beforeEach(() => {
  localStorage.clear();
  weather = { rainExpected: true, condition: 'rain', precipitationChance: 80, window: '24h', drySlots };
});

const renderPanel = (isCustomer = true) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RainExpectedPanel booking={booking} isCustomer={isCustomer} />
    </QueryClientProvider>,
  );

describe('RainExpectedPanel', () => {
  it('offers the customer the three dry times, each one tap, and sends the chosen start', async () => {
    renderPanel();
    const panel = await screen.findByRole('region', { name: 'Rain expected' });
    expect(panel.textContent).toContain('Rain is likely (80% chance)');
    const slots = within(within(panel).getByRole('list', { name: 'Dry times' })).getAllByRole('listitem');
    expect(slots).toHaveLength(3);
    fireEvent.click(within(panel).getByRole('button', { name: 'Reschedule to Wednesday, November 25 at 10:00 AM' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/bookings/41/weather-reschedule')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/bookings/41/weather-reschedule')!;
    expect(JSON.parse(String(init!.body))).toEqual({ startsAt: '2026-11-25T18:00:00.000Z' });
  });

  it('hides itself once the customer keeps the booking, and stays hidden for that start', async () => {
    const { unmount } = renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Keep booking' }));
    expect(screen.queryByRole('region', { name: 'Rain expected' })).toBeNull();
    unmount();
    renderPanel();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('region', { name: 'Rain expected' })).toBeNull();
  });

  it('tells the detailer without offering times, and shows nothing when no rain is expected', async () => {
    weather = { ...weather, drySlots: [] } as BookingWeather;
    const { unmount } = renderPanel(false);
    const panel = await screen.findByRole('region', { name: 'Rain expected' });
    expect(panel.textContent).toContain('The customer may move it to a dry time.');
    expect(within(panel).queryByRole('button')).toBeNull();
    unmount();
    weather = { rainExpected: false };
    renderPanel();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('region', { name: 'Rain expected' })).toBeNull();
  });
});
