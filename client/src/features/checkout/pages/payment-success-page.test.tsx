// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { userResponse } from '../../../../../tests/factories/account-responses.ts';
import { fetchFromReplies, renderAtPath, stubFetchEachTest, type Reply } from '../../../../../tests/factories/page-harness.tsx';
import { bookingResponse } from '../../../../../tests/factories/booking-response.ts';
import PaymentSuccessPage from './payment-success-page.tsx';

let replies: Record<string, Reply>;
const fetchMock = fetchFromReplies(() => replies);

const session = stubFetchEachTest(fetchMock, { signedInAs: userResponse() });
beforeEach(() => {
  replies = { ...session };
});

function renderAt(path: string) {
  return renderAtPath(
    path,
    <Route path="/payment-success">
      <PaymentSuccessPage />
    </Route>,
  );
}

// lucide-react names each icon in its class: 'lucide-circle-check' is the success tick.
const tick = (container: HTMLElement) => container.querySelector('svg.lucide-circle-check');

describe('PaymentSuccessPage', () => {
  it('without a payment shows a neutral empty state: its own heading, no tick, no amount', async () => {
    const { container } = renderAt('/payment-success?amount=78.72');
    const heading = await screen.findByRole('heading', { level: 1, name: 'No payment to show' });
    expect(heading).toBeTruthy();
    expect(screen.queryByText('Payment Successful')).toBeNull();
    expect(tick(container)).toBeNull();
    expect(container.querySelector('svg.lucide-receipt-text')).not.toBeNull();
    expect(screen.queryByText('$78.72')).toBeNull();
    expect(screen.getByRole('link', { name: 'View My Bookings' }).getAttribute('href')).toBe('/bookings');
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    // Nothing to look up: no payment status was asked for.
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/session']);
  });

  it('with an id that is not a number shows the same empty state', async () => {
    const { container } = renderAt('/payment-success?id=abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'No payment to show' })).toBeTruthy();
    expect(tick(container)).toBeNull();
  });

  it('when the status cannot be read says so with an alert icon, not a tick', async () => {
    replies['/api/payments/booking-status?bookingId=5'] = { status: 500, body: { code: 'internal', message: 'Boom' } };
    const { container } = renderAt('/payment-success?id=5');
    expect(await screen.findByText("We couldn't read this payment's status.")).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Payment' })).toBeTruthy();
    expect(tick(container)).toBeNull();
    expect(container.querySelector('svg.lucide-circle-alert')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it("with a booking's authorized payment shows the tick, the spec's title and the amount", async () => {
    replies['/api/payments/booking-status?bookingId=5'] = {
      status: 200,
      body: { status: 'requires_capture', errorMessage: null, amountCents: 7872, bookingId: 5 },
    };
    const { container } = renderAt('/payment-success?id=5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful' })).toBeTruthy();
    expect(tick(container)).not.toBeNull();
    expect(screen.getByText('$78.72')).toBeTruthy();
    expect(screen.queryByText('No payment to show')).toBeNull();
  });

  // Decision 035: what the payment bought, as it is. The answer-by is the server's (requestAnswerBy), on the booking's clock.
  const authorized = { status: 200, body: { status: 'requires_capture', errorMessage: null, amountCents: 7872, bookingId: 5 } };

  it('for a request says it is one: who answers, by when, and that the hold is released if they do not', async () => {
    replies['/api/payments/booking-status?bookingId=5'] = authorized;
    replies['/api/bookings/5'] = {
      status: 200,
      body: bookingResponse({
        id: 5,
        status: 'requested',
        answerBy: '2098-12-31T04:00:00.000Z',
        timeZone: 'America/Los_Angeles',
        detailerBusinessName: 'Gloss Boss',
      }),
    };
    renderAt('/payment-success?id=5');
    expect(await screen.findByText('Request sent to Gloss Boss')).toBeTruthy();
    expect(screen.getByText('Gloss Boss has until Tue, Dec 30 at 8:00 PM to accept.')).toBeTruthy();
    expect(screen.getByText(/the request expires and the hold on your card is released/)).toBeTruthy();
    expect(screen.queryByText(/Booking confirmed/)).toBeNull();
  });

  it('for an instant booking (accepted at once) says it is confirmed, with no answer-by', async () => {
    replies['/api/payments/booking-status?bookingId=5'] = authorized;
    replies['/api/bookings/5'] = {
      status: 200,
      body: bookingResponse({ id: 5, status: 'accepted', detailerBusinessName: 'Sparkle Squad' }),
    };
    renderAt('/payment-success?id=5');
    expect(await screen.findByText('Booking confirmed with Sparkle Squad.')).toBeTruthy();
    expect(screen.queryByText(/has until/)).toBeNull();
  });
});
