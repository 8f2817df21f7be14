// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { Booking } from '@core/schemas/booking.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { bookingResponse, jsonResponse } from '../../../../tests/factories/booking-response.ts';
import { stubFetchEachTest } from '../../../../tests/factories/page-harness.tsx';
import { Toaster } from '@/components/ui/toaster.tsx';
import { customerSeesWithoutLocation } from '@/lib/geolocation.ts';
import { DetailerActionButtons } from './detailer-action-buttons.tsx';

// Monday 2099-01-05, 9:00 AM in Los Angeles (17:00 UTC): On my way opens at 7:00 AM there, Start at 8:30 AM.
const job: Booking = bookingResponse({
  id: 7,
  status: 'accepted',
  startsAt: '2099-01-05T17:00:00.000Z',
  endsAt: '2099-01-05T17:45:00.000Z',
  date: '2099-01-05',
  time: '9:00 AM',
  timeZone: 'America/Los_Angeles',
  allowedActions: ['start-route'],
  timeline: [{ status: 'accepted', action: 'accept', at: '2098-12-30T11:00:00.000Z' }],
});

// What GET .../proof says Complete still needs (decision 020); a test sets it before rendering.
let missingProof: string[] = [];
const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
  url.endsWith('/proof')
    ? jsonResponse({ photos: [], checklist: [], canEdit: true, missing: missingProof })
    : jsonResponse({ ...job, status: 'en_route', allowedActions: ['start'] }),
);

stubFetchEachTest(fetchMock);

function renderButtons(booking: Booking) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <DetailerActionButtons booking={booking} />
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('DetailerActionButtons', () => {
  it("shows On my way disabled, saying when it opens on the booking's clock, and sends nothing", () => {
    // 6:59 AM in Los Angeles; the process's own zone plays no part.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2099-01-05T14:59:00Z'));
    renderButtons(job);
    const onMyWay = screen.getByRole('button', { name: 'On my way' }) as HTMLButtonElement;
    expect(onMyWay.disabled).toBe(true);
    expect(screen.getByText('Opens at 7:00 AM')).toBeTruthy();
    expect(onMyWay.getAttribute('aria-describedby')).toBe(screen.getByText('Opens at 7:00 AM').id);
    fireEvent.click(onMyWay);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('names the day of an opening that is not today there', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Friday 2099-01-02, 10:00 AM in Los Angeles.
    vi.setSystemTime(new Date('2099-01-02T18:00:00Z'));
    renderButtons(job);
    expect(screen.getByText('Opens on Mon, Jan 5 at 7:00 AM')).toBeTruthy();
  });

  it('keeps Start closed until 30 minutes before the start', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2099-01-05T16:29:00Z'));
    renderButtons({ ...job, status: 'en_route', allowedActions: ['start'] });
    expect((screen.getByRole('button', { name: 'Start' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Opens at 8:30 AM')).toBeTruthy();
  });

  it('opens the button by itself when its time comes', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(new Date('2099-01-05T14:00:00Z'));
    renderButtons(job);
    const onMyWay = () => screen.getByRole('button', { name: 'On my way' }) as HTMLButtonElement;
    expect(onMyWay().disabled).toBe(true);
    act(() => vi.advanceTimersByTime(59 * 60_000));
    expect(onMyWay().disabled).toBe(true);
    act(() => vi.advanceTimersByTime(60_000));
    expect(onMyWay().disabled).toBe(false);
    expect(screen.queryByText(/^Opens/)).toBeNull();
    expect(onMyWay().getAttribute('aria-describedby')).toBeNull();
  });

  it('sends an open move, and never holds back the moves without a guard (accept, decline; complete once its proof is there)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2099-01-05T15:00:00Z'));
    renderButtons(job);
    fireEvent.click(screen.getByRole('button', { name: 'On my way' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/bookings/7/start-route', expect.objectContaining({ method: 'POST' })));
    cleanup();

    // Days ahead, only On my way and Start are held.
    vi.setSystemTime(new Date('2098-12-30T18:00:00Z'));
    renderButtons({ ...job, status: 'requested', allowedActions: ['accept', 'decline'] });
    expect((screen.getByRole('button', { name: 'Accept' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Decline' }) as HTMLButtonElement).disabled).toBe(false);
    cleanup();
    missingProof = [];
    renderButtons({ ...job, status: 'in_progress', allowedActions: ['complete'] });
    await waitFor(() => expect((screen.getByRole('button', { name: 'Complete' }) as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByText(/^Opens/)).toBeNull();
  });

  it('asks before declining a request, naming the job; Keep request sends nothing', async () => {
    renderButtons({
      ...job,
      status: 'requested',
      customerName: 'Hannah Cole',
      serviceName: 'Basic Exterior Wash',
      allowedActions: ['accept', 'decline'],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this request?' });
    expect(dialog.textContent).toContain("Hannah Cole's Basic Exterior Wash on Mon, Jan 5 at 9:00 AM");
    fireEvent.click(screen.getByRole('button', { name: 'Keep request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock).not.toHaveBeenCalledWith('/api/bookings/7/decline', expect.anything());

    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Decline request' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/bookings/7/decline', expect.objectContaining({ method: 'POST' })));
  });

  it('asks before marking the customer of an overdue job absent, naming the fee charged (decision 035)', async () => {
    // 10:10 AM in Los Angeles, an hour and ten minutes after the 9:00 AM start: inside the late-cancellation window.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2099-01-05T18:10:00Z'));
    renderButtons({
      ...job,
      status: 'overdue',
      customerName: 'Hannah Cole',
      serviceName: 'Basic Exterior Wash',
      allowedActions: ['start', 'customer-absent'],
    });
    expect(screen.queryByRole('button', { name: 'On my way' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Customer absent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark the customer absent?' });
    expect(dialog.textContent).toContain("Hannah Cole's Basic Exterior Wash on Mon, Jan 5 at 9:00 AM.");
    expect(dialog.textContent).toContain('Their card is charged the $15.00 late cancellation fee and the rest is released.');
    fireEvent.click(screen.getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock).not.toHaveBeenCalledWith('/api/bookings/7/customer-absent', expect.anything());

    fireEvent.click(screen.getByRole('button', { name: 'Customer absent' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Customer absent' }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/bookings/7/customer-absent', expect.objectContaining({ method: 'POST' })),
    );
  });

  it('keeps Complete disabled, listing what is missing under it, until the proof of service is there', async () => {
    missingProof = ['At least one after photo', 'Checklist: Wheels and tyres cleaned'];
    renderButtons({ ...job, status: 'in_progress', allowedActions: ['complete'] });
    const complete = screen.getByRole('button', { name: 'Complete' }) as HTMLButtonElement;
    // Disabled while the proof loads, then with the reasons as its description.
    expect(complete.disabled).toBe(true);
    await waitFor(() => expect(screen.getByText('At least one after photo')).toBeTruthy());
    expect(complete.disabled).toBe(true);
    const note = document.getElementById(complete.getAttribute('aria-describedby')!)!;
    expect(note.textContent).toBe('To complete, still needed:At least one after photoChecklist: Wheels and tyres cleaned');
    fireEvent.click(complete);
    expect(fetchMock).not.toHaveBeenCalledWith('/api/bookings/7/complete', expect.anything());
    expect(fetchMock).toHaveBeenCalledWith('/api/bookings/7/proof', expect.objectContaining({ method: 'GET' }));
  });

  it('asks the browser for the location on On my way, before the move; a refusal still sends it and says what the customer sees', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2099-01-05T15:00:00Z'));
    const order: string[] = [];
    fetchMock.mockImplementationOnce(async (url: string) => {
      order.push(url);
      return jsonResponse({ ...job, status: 'en_route', allowedActions: ['start'] });
    });
    const denied = { code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError;
    const geolocation = {
      getCurrentPosition: vi.fn((_ok: PositionCallback, fail: PositionErrorCallback) => {
        order.push('permission asked');
        fail(denied);
      }),
    };
    Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
    try {
      renderButtons(job);
      fireEvent.click(screen.getByRole('button', { name: 'On my way' }));
      await waitFor(() => expect(screen.getByText('On your way, without your location')).toBeTruthy());
      expect(screen.getByText(customerSeesWithoutLocation)).toBeTruthy();
      expect(order).toEqual(['permission asked', '/api/bookings/7/start-route']);
      expect(geolocation.getCurrentPosition).toHaveBeenCalledTimes(1);
    } finally {
      Object.defineProperty(navigator, 'geolocation', { value: undefined, configurable: true });
    }
  });
});
