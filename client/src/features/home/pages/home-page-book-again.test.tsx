// @vitest-environment jsdom
// Its own file: the signed-in hint cookie is read once per page load (lib/session/get-current-user.ts), so these
// signed-in homes cannot share a module with the visitor's.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fetchFromReplies, renderAtPath, stubFetchEachTest, type Reply } from '../../../../../tests/factories/page-harness.tsx';
import HomePage from './home-page.tsx';
import { userResponse } from '../../../../../tests/factories/account-responses.ts';

const customer = userResponse();
const service = {
  id: 1,
  detailerId: 1,
  categoryId: 1,
  name: 'Basic Exterior Wash',
  description: '',
  price: 59,
  priceCents: 5900,
  duration: 45,
  imageUrl: '/images/services/default.svg',
};

let replies: Record<string, Reply>;
const fetchMock = fetchFromReplies(() => replies);
const askedFor = (url: string) => fetchMock.mock.calls.some(([asked]) => asked === url);
stubFetchEachTest(fetchMock);

beforeAll(() => {
  document.cookie = 'glossly_signed_in=1; path=/';
});
beforeEach(() => {
  replies = {
    '/api/auth/session': { status: 200, body: { user: customer } },
    '/api/service-categories': { status: 200, body: [] },
    '/api/services': { status: 200, body: [service] },
    '/api/detailers': { status: 200, body: [] },
    '/api/bookings/recent-detailers': { status: 200, body: [] },
  };
});

describe("Home's 'Book again' row", () => {
  it("is not asked for a customer while one of the page's lists is still loading", async () => {
    replies['/api/services'] = 'pending';
    renderAtPath('/', <HomePage />);
    expect(await screen.findByRole('heading', { name: 'Welcome back, Sam!' })).toBeTruthy();
    await within(screen.getByRole('region', { name: 'Nearby Detailers' })).findByRole('heading', { name: 'No detailers nearby yet' });
    expect(askedFor('/api/bookings/recent-detailers')).toBe(false);
  });

  it('is asked for a customer once the lists are in', async () => {
    renderAtPath('/', <HomePage />);
    await waitFor(() => expect(askedFor('/api/bookings/recent-detailers')).toBe(true));
  });

  it('is never asked for by a detailer', async () => {
    replies['/api/auth/session'] = { status: 200, body: { user: { ...customer, role: 'detailer', detailerId: 1 } } };
    renderAtPath('/', <HomePage />);
    await within(screen.getByRole('region', { name: 'Popular Services' })).findAllByRole('article');
    expect(askedFor('/api/auth/session')).toBe(true);
    expect(askedFor('/api/bookings/recent-detailers')).toBe(false);
  });
});
