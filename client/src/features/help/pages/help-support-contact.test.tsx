// @vitest-environment jsdom
import { useLocation, useSearch } from 'wouter';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster.tsx';
import { userResponse } from '../../../../../tests/factories/account-responses.ts';
import { fetchFromReplies, renderAtPath, stubFetchEachTest, type Reply } from '../../../../../tests/factories/page-harness.tsx';
import HelpSupportPage from './help-support-page.tsx';

const supportThread = {
  id: 42,
  kind: 'support',
  bookingId: null,
  otherParty: { name: 'Glossly Support', avatarUrl: null },
  booking: null,
  lastMessage: null,
  unreadCount: 0,
  isReadOnly: false,
  lastMessageAt: null,
};

let replies: Record<string, Reply>;
const fetchMock = fetchFromReplies(() => replies);
const session = stubFetchEachTest(fetchMock, { signedInAs: userResponse() });

beforeEach(() => {
  replies = { ...session };
});

/** Where the router is, query string included. */
function CurrentLocation() {
  const [path] = useLocation();
  const search = useSearch();
  return <output data-testid="location">{search ? `${path}?${search}` : path}</output>;
}

function renderPage() {
  return renderAtPath(
    '/help-support',
    <>
      <HelpSupportPage />
      <CurrentLocation />
      <Toaster />
    </>,
  );
}

async function clickContactSupport() {
  const button = await screen.findByRole<HTMLButtonElement>('button', { name: 'Contact support' });
  await waitFor(() => expect(button.disabled).toBe(false));
  fireEvent.click(button);
}

// The harness's fetch is typed with the URL only; the app passes its RequestInit too.
const posts = () =>
  (fetchMock.mock.calls as unknown as Array<[string, RequestInit | undefined]>)
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => [url, JSON.parse(String(init?.body))]);

describe('HelpSupportPage: Contact support for a signed-in user', () => {
  it('opens their support thread and shows it in Messages', async () => {
    replies['/api/conversations'] = { status: 201, body: supportThread };
    renderPage();
    expect(screen.queryByRole('link', { name: 'Contact support' })).toBeNull();
    await clickContactSupport();

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/messages?conversationId=42'));
    expect(posts()).toEqual([['/api/conversations', { support: true }]]);
  });

  it("toasts the server's message and stays when the thread cannot be opened", async () => {
    replies['/api/conversations'] = { status: 503, body: { code: 'unavailable', message: 'Support is briefly unavailable' } };
    renderPage();
    await clickContactSupport();

    expect(await screen.findByText('Support is briefly unavailable')).toBeTruthy();
    expect(screen.getByText('Could not open the conversation')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/help-support');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Contact support' }).disabled).toBe(false);
  });
});
