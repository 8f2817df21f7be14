// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import { Route } from 'wouter';
import { defaultPublicSettings } from '@core/domain/public-settings.ts';
import type { PaymentIntentResponse } from '@core/schemas/payments.ts';
import { paymentMethodsQueryKey } from '@/components/payments/api/list-payment-methods.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { publicSettingsQueryKey } from '@/lib/public-settings.ts';
import { bookingResponse, jsonResponse } from '../../../../../tests/factories/booking-response.ts';
import { userResponse } from '../../../../../tests/factories/account-responses.ts';
import { fetchFromReplies, renderAtPath, stubFetchEachTest, type Reply } from '../../../../../tests/factories/page-harness.tsx';
import CheckoutPage from './checkout-page.tsx';

const intent: PaymentIntentResponse = {
  clientSecret: 'pi_test_1_secret_abc',
  publishableKey: null,
  gateway: 'test',
  amountCents: 7872,
  totalCents: 7872,
  creditsAppliedCents: 0,
  status: 'requires_payment_method',
};

let replies: Record<string, Reply>;
// The intent (a POST) answers when the test says so: the card form is on the page before it.
let answerIntent: (response: Response) => void;
const readReplies = fetchFromReplies(() => replies);
const fetchMock = vi.fn((url: string, init?: RequestInit) => {
  if (url === '/api/create-payment-intent' && init?.method === 'POST') return new Promise<Response>((resolve) => (answerIntent = resolve));
  return readReplies(url);
});

const session = stubFetchEachTest(fetchMock, { signedInAs: userResponse(), hasMeasuringWidgets: true });
beforeEach(() => {
  replies = {
    ...session,
    '/api/bookings/7': { status: 200, body: bookingResponse({ id: 7, customerId: 2, status: 'pending_payment' }) },
    '/api/payment-methods': { status: 200, body: [] },
    '/api/settings/public': { status: 200, body: { ...defaultPublicSettings, paymentGateway: 'test' } },
  };
});

function renderCheckout(queryClient?: QueryClient) {
  return renderAtPath(
    '/checkout?bookingId=7',
    <Route path="/checkout">
      <CheckoutPage />
    </Route>,
    queryClient,
  );
}

const connecting = 'Connecting to Stripe payment system...';
const testModeHint = /Test mode: use card 4242/;
const intentRequests = () => fetchMock.mock.calls.filter(([url]) => url === '/api/create-payment-intent');

describe('CheckoutPage', () => {
  it('with the test gateway shows the card form before the intent, pay button held by the notice, and keeps what was typed', async () => {
    renderCheckout();
    expect(await screen.findByText(testModeHint)).toBeTruthy();
    expect(intentRequests()).toHaveLength(1);
    expect(screen.getByText(connecting).getAttribute('role')).toBe('status');
    expect(screen.getByText('Keep this card for next time')).toBeTruthy();
    // The card kept for the one-tap tip is said before paying, not discovered after.
    expect(screen.getByText(/keeps this card for this booking, so a tip after the job takes one tap/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay \$/ })).toBeNull();

    // The card can be typed meanwhile; submitting it does nothing until the intent is in.
    const number = screen.getByLabelText('Card number') as HTMLInputElement;
    fireEvent.change(number, { target: { value: '4242424242424242' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Card details' }));
    expect(screen.queryByText('Your card number is invalid.')).toBeNull();
    expect(screen.queryByText("Your card's expiration date is invalid or in the past.")).toBeNull();

    answerIntent(jsonResponse(intent));
    expect(await screen.findByRole('button', { name: 'Pay $78.72' })).toBeTruthy();
    expect(screen.queryByText(connecting)).toBeNull();
    expect(screen.queryByText('Setting up secure payment form...')).toBeNull();
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('4242 4242 4242 4242');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/payments/test-gateway/confirm')).toBe(false);
  });

  it('with Stripe, and no intent yet, shows only the connecting notice', async () => {
    // The gateway and the saved cards are there from the page's first render, as a drawn page brings them: a card
    // form would show at once beside the notice.
    const queryClient = createQueryClient();
    queryClient.setQueryData(publicSettingsQueryKey, { ...defaultPublicSettings, paymentGateway: 'stripe' });
    queryClient.setQueryData(paymentMethodsQueryKey, []);
    renderCheckout(queryClient);
    expect((await screen.findByText(connecting)).getAttribute('role')).toBe('status');
    expect(intentRequests()).toHaveLength(1);
    expect(screen.getAllByText(connecting)).toHaveLength(1);
    expect(screen.queryByText(testModeHint)).toBeNull();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Pay \$/ })).toBeNull();
  });

  it('while the gateway is unknown shows only the connecting notice', async () => {
    replies['/api/settings/public'] = 'pending';
    renderCheckout();
    expect((await screen.findByText(connecting)).getAttribute('role')).toBe('status');
    expect(screen.queryByText(testModeHint)).toBeNull();
    expect(screen.queryByLabelText('Card number')).toBeNull();
  });

  it("with a default card opens on one tap at the intent's amount, with another card a tap away", async () => {
    const visa = { id: 31, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, isDefault: true };
    replies['/api/payment-methods'] = { status: 200, body: [visa] };
    replies['/api/payments/test-gateway/confirm'] = {
      status: 200,
      body: { status: 'requires_capture', errorMessage: null, amountCents: 7872, bookingId: 7 },
    };
    renderCheckout();
    expect(await screen.findByRole('button', { name: 'Use another card' })).toBeTruthy();
    // No amount before the server's quote: the button waits for the intent.
    expect(screen.queryByRole('button', { name: /with Visa •••• 4242/ })).toBeNull();
    answerIntent(jsonResponse({ ...intent, amountCents: 6123 }));
    const pay = await screen.findByRole('button', { name: 'Pay $61.23 with Visa •••• 4242' });
    fireEvent.click(pay);
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/payments/test-gateway/confirm')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/payments/test-gateway/confirm')!;
    expect(JSON.parse(String(init?.body))).toEqual({ clientSecret: intent.clientSecret, paymentMethodId: 31 });
  });

  it("'Use another card' leaves one tap for the saved cards and the card form", async () => {
    replies['/api/payment-methods'] = {
      status: 200,
      body: [{ id: 31, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, isDefault: true }],
    };
    renderCheckout();
    await vi.waitFor(() => expect(intentRequests()).toHaveLength(1));
    answerIntent(jsonResponse(intent));
    fireEvent.click(await screen.findByRole('button', { name: 'Use another card' }));
    expect(await screen.findByLabelText('Card number')).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Visa •••• 4242, expires 12\/30/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /with Visa •••• 4242/ })).toBeNull();
  });

  it("the test wallet's sheet shows Glossly and the intent's amount and pays with the test wallet, sending no amount", async () => {
    replies['/api/payments/wallet/confirm'] = {
      status: 200,
      body: { status: 'requires_capture', errorMessage: null, amountCents: 7872, bookingId: 7 },
    };
    renderCheckout();
    await vi.waitFor(() => expect(intentRequests()).toHaveLength(1));
    answerIntent(jsonResponse(intent));
    await screen.findByRole('button', { name: 'Pay $78.72' });
    const wallet = screen.getByRole('button', { name: 'Pay with test wallet' }) as HTMLButtonElement;
    expect(wallet.disabled).toBe(false);
    fireEvent.click(wallet);
    const sheet = await screen.findByRole('dialog', { name: 'Test wallet' });
    expect(sheet.textContent).toContain('Glossly');
    expect(sheet.textContent).toContain('$78.72');
    fireEvent.click(screen.getByRole('button', { name: 'Pay $78.72' }));
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/payments/wallet/confirm')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/payments/wallet/confirm')!;
    expect(JSON.parse(String(init?.body))).toEqual({ clientSecret: intent.clientSecret, walletPaymentMethod: 'pm_test_wallet' });
  });
});
