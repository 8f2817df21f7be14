// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '@core/schemas/booking.ts';
import { Toaster } from '@/components/ui/toaster.tsx';
import { createQueryClient } from '@/lib/query-client.ts';
import { bookingResponse, jsonResponse as json } from '../../../../../tests/factories/booking-response.ts';
import { stubFetchEachTest } from '../../../../../tests/factories/page-harness.tsx';
import AdminBookingsPage from './admin-bookings-page.tsx';

const completed: Booking = bookingResponse({
  id: 41,
  status: 'completed',
  detailerId: 3,
  customerId: 12,
  detailerBusinessName: 'Gloss Pros',
  customerName: 'Casey Customer',
  startsAt: '2098-12-31T17:00:00.000Z',
  endsAt: '2098-12-31T17:45:00.000Z',
  date: '2098-12-31',
  time: '9:00 AM',
  totalCents: 7872,
  refundedCents: 2000,
  refundableCents: 5872,
  allowedActions: [],
});
const refunded: Booking = { ...completed, id: 42, customerName: 'Riley Refunded', refundedCents: 7872, refundableCents: 0 };

let list: Booking[];
let refundAnswer: () => Response;
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  if (url === '/api/bookings' && (init?.method ?? 'GET') === 'GET') return json(list);
  if (url === `/api/admin/bookings/${completed.id}/refund` && init?.method === 'POST') return refundAnswer();
  return json({ message: 'Not found' }, 404);
});

stubFetchEachTest(fetchMock);
beforeEach(() => {
  list = [completed, refunded];
});

function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AdminBookingsPage />
      <Toaster />
    </QueryClientProvider>,
  );
}

const refundCalls = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

async function openRefund() {
  fireEvent.click(await screen.findByRole('button', { name: `Refund booking #${completed.id}` }));
  return screen.findByRole('dialog', { name: `Refund booking #${completed.id}?` });
}

describe('AdminBookingsPage', () => {
  it("names the customer and the detailer, shows each booking's refund state and offers Refund only while money is left", async () => {
    renderPage();
    const partly = await screen.findByTestId(`booking-${completed.id}`);
    expect(within(partly).getByText('Casey Customer with Gloss Pros')).toBeTruthy();
    expect(within(partly).getByText('Partially refunded · $20.00')).toBeTruthy();
    expect(within(partly).getByRole('button', { name: `Refund booking #${completed.id}` })).toBeTruthy();

    const full = screen.getByTestId(`booking-${refunded.id}`);
    expect(within(full).getByText('Riley Refunded with Gloss Pros')).toBeTruthy();
    expect(within(full).getByText('Refunded', { exact: true })).toBeTruthy();
    expect(within(full).queryByRole('button', { name: /Refund/ })).toBeNull();
    expect(screen.queryByText(/Customer #/)).toBeNull();
  });

  it('caps the amount at what is left, then refunds, closes and says so in a toast', async () => {
    refundAnswer = () => {
      list = [{ ...completed, refundedCents: 4000, refundableCents: 3872 }, refunded];
      return json({ bookingId: completed.id, refundedCents: 2000, totalRefundedCents: 4000, remainingCents: 3872 });
    };
    renderPage();
    const dialog = await openRefund();
    const amount = within(dialog).getByLabelText('Amount to refund (USD)') as HTMLInputElement;
    expect(amount.value).toBe('58.72');
    expect(
      within(dialog).getByText(/At most \$58\.72 can be refunded: \$78\.72 was charged and \$20\.00 already went back\./),
    ).toBeTruthy();

    fireEvent.change(amount, { target: { value: '58.73' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('At most $58.72 can be refunded.');
    expect(refundCalls()).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(refundCalls()).toHaveLength(1);
    expect(JSON.parse(String(refundCalls()[0]![1]!.body))).toEqual({ amountCents: 2000 });
    expect(await screen.findByText('Refund issued')).toBeTruthy();
    expect(screen.getByText(`$20.00 goes back to Casey Customer for booking #${completed.id}.`)).toBeTruthy();
    // The list is read again: the badge follows the ledger.
    expect(await screen.findByText('Partially refunded · $40.00')).toBeTruthy();
  });

  it("keeps the dialog open with the server's message when the refund is refused", async () => {
    refundAnswer = () => json({ message: 'At most $10.00 can be refunded.' }, 400);
    renderPage();
    const dialog = await openRefund();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('At most $10.00 can be refunded.');
    expect(screen.getByRole('dialog', { name: `Refund booking #${completed.id}?` })).toBeTruthy();
    expect(JSON.parse(String(refundCalls()[0]![1]!.body))).toEqual({ amountCents: 5872 });
    expect(within(dialog).getByRole('button', { name: 'Refund' }).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText('Refund issued')).toBeNull();
  });
});
