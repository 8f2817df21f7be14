// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fetchFromReplies, renderAtPath, stubFetchEachTest, type Reply } from '../../../../../tests/factories/page-harness.tsx';
import SubscribePage from './subscribe-page.tsx';

let replies: Record<string, Reply> = {};
const fetchMock = fetchFromReplies(() => replies);
stubFetchEachTest(fetchMock);

/** A plan on sale, as GET /api/membership-plans answers it. */
const plusPlan = {
  id: 2,
  name: 'Gloss Plus',
  monthlyPriceCents: 4999,
  includedVisitsPerMonth: 2,
  discountBasisPoints: 1000,
  coveredPriceLimitCents: 9000,
  perks: '',
  status: 'active',
  categories: [],
  bestValue: true,
};

describe('SubscribePage', () => {
  it("says the plans could not load, with a retry, instead of 'Plan not found'", async () => {
    replies = {
      '/api/membership-plans': { status: 500, body: { message: 'boom' } },
      '/api/payment-methods': { status: 200, body: [] },
    };
    renderAtPath('/subscribe?plan=2', <SubscribePage />);
    expect(await screen.findByRole('alert', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByText('Plan not found')).toBeNull();

    const plansCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/membership-plans').length;
    const before = plansCalls();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(plansCalls()).toBe(before + 1);
  });

  it("says 'Plan not found' for a plan that is not on sale", async () => {
    replies = {
      '/api/membership-plans': { status: 200, body: [] },
      '/api/payment-methods': { status: 200, body: [] },
    };
    renderAtPath('/subscribe?plan=2', <SubscribePage />);
    expect(await screen.findByRole('heading', { name: 'Plan not found' })).toBeTruthy();
  });

  it("opens on one tap with the default card at the plan's price from the server, and pays with that card", async () => {
    const card = (id: number, last4: string, isDefault: boolean) => ({ id, brand: 'visa', last4, expMonth: 12, expYear: 2030, isDefault });
    replies = {
      '/api/membership-plans': { status: 200, body: [plusPlan] },
      '/api/payment-methods': { status: 200, body: [card(7, '4242', false), card(9, '1881', true)] },
      '/api/memberships': { status: 201, body: { membership: { id: 3 }, payment: { status: 'succeeded', amountCents: 4999 } } },
    };
    renderAtPath('/subscribe?plan=2', <SubscribePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $49.99 with Visa •••• 1881' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/memberships')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/memberships') as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ planId: 2, paymentMethodId: 9 });
  });

  it('offers the choice of cards, not one tap, when no card is the default', async () => {
    replies = {
      '/api/membership-plans': { status: 200, body: [plusPlan] },
      '/api/payment-methods': {
        status: 200,
        body: [{ id: 7, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, isDefault: false }],
      },
    };
    renderAtPath('/subscribe?plan=2', <SubscribePage />);
    expect(await screen.findByRole('heading', { name: 'Subscribe' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /with Visa/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Use another card' })).toBeNull();
    expect(screen.getByRole('radio', { name: /Visa •••• 4242/ })).toBeTruthy();
  });
});
