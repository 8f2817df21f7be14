// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BookingTip } from '@core/schemas/tip.ts';
import { fetchFromReplies, renderAtPath, stubFetchEachTest, type Reply } from '../../../../tests/factories/page-harness.tsx';
import { TipCard } from './tip-card.tsx';

const bookingTip: BookingTip = {
  tip: null,
  canTip: true,
  closesAt: '2030-05-03T10:00:00.000Z',
  suggestions: [
    { percent: 15, amountCents: 1200 },
    { percent: 20, amountCents: 1600 },
    { percent: 25, amountCents: 2000 },
  ],
  bookingCard: null,
};
let replies: Record<string, Reply> = {};
const fetchMock = fetchFromReplies(() => replies);
stubFetchEachTest(fetchMock, { hasMeasuringWidgets: true });
const posts = () => (fetchMock.mock.calls as unknown as [string, RequestInit | undefined][]).filter(([, init]) => init?.method === 'POST');

async function chooseOtherAmount(text: string) {
  renderAtPath('/bookings/4', <TipCard bookingId={4} detailerName="Shine Co" />);
  fireEvent.click(await screen.findByRole('radio', { name: 'Other amount' }));
  const amount = await screen.findByLabelText('Tip amount (USD)');
  fireEvent.change(amount, { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  return amount;
}

describe('TipCard', () => {
  it("shows the schema's message under a custom amount below $1.00, focuses it and sends nothing", async () => {
    replies = { '/api/bookings/4/tip': { status: 200, body: bookingTip } };
    const amount = await chooseOtherAmount('0.50');
    expect((await screen.findByRole('alert')).textContent).toBe('A tip must be at least $1.00.');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(amount);
    expect(posts()).toEqual([]);
  });

  it('sends a custom amount typed in dollars as cents', async () => {
    replies = { '/api/bookings/4/tip': { status: 200, body: bookingTip } };
    await chooseOtherAmount('$12.50');
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(posts()[0]![1]!.body as string)).toMatchObject({ amountCents: 1250 });
  });
});
