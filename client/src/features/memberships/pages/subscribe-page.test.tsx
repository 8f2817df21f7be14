// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fetchFromReplies, renderAtPath, stubFetchEachTest, type Reply } from '../../../../../tests/factories/page-harness.tsx';
import SubscribePage from './subscribe-page.tsx';

let replies: Record<string, Reply> = {};
const fetchMock = fetchFromReplies(() => replies);
stubFetchEachTest(fetchMock);

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
});
