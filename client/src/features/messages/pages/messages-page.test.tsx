// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ConversationSummary, ConversationThread } from '@core/schemas/message.ts';
import { stubFetchEachTest } from '../../../../../tests/factories/page-harness.tsx';
import { json, renderAs, routedFetch, sentBodies, summary, thread, type Route } from '../testing/messages-harness.tsx';
import MessagesPage from './messages-page.tsx';

let list: ConversationSummary[];
let extra: Record<string, Route>;
const fetchMock = routedFetch(() => ({
  'GET /api/conversations': () => json(list),
  ...extra,
}));
stubFetchEachTest(fetchMock);
beforeEach(() => {
  extra = {};
  list = [];
});

describe('MessagesPage: the list', () => {
  it("shows each thread's other party, topic, last message, time and unread count, in the server's order (newest first)", async () => {
    list = [
      summary({ unreadCount: 2 }),
      summary({
        id: 6,
        kind: 'support',
        bookingId: null,
        booking: null,
        otherParty: { name: 'Glossly Support', avatarUrl: null },
        lastMessage: { body: 'Thanks!', hasPhoto: false, senderUserId: 2, createdAt: '2099-01-02T12:00:00.000Z' },
        lastMessageAt: '2099-01-02T12:00:00.000Z',
      }),
      summary({
        id: 8,
        otherParty: { name: 'Sparkle Squad', avatarUrl: '/images/detailers/avatar-2.svg' },
        lastMessage: { body: '', hasPhoto: true, senderUserId: 9, createdAt: '2098-12-01T12:00:00.000Z' },
      }),
    ];
    renderAs('/messages', <MessagesPage />);
    expect(screen.getByRole('status').textContent).toBe('Loading your conversations');

    const rows = await screen.findAllByRole('link');
    expect(rows.map((row) => row.getAttribute('href'))).toEqual([
      '/messages?conversationId=5',
      '/messages?conversationId=6',
      '/messages?conversationId=8',
    ]);
    const booking = within(rows[0]!);
    expect(booking.getByRole('heading', { name: 'Gloss Boss Mobile Detailing' })).toBeTruthy();
    expect(booking.getByText('GB')).toBeTruthy(); // no picture: initials
    expect(booking.getByText(/^Basic Exterior Wash · \w{3}, Jan \d$/)).toBeTruthy();
    expect(booking.getByText('See you at nine')).toBeTruthy();
    expect(rows[0]!.textContent).toContain('2 unread messages');
    expect(booking.getByText((_, el) => el?.tagName === 'TIME')).toBeTruthy();

    const support = within(rows[1]!);
    expect(support.getByText('Support')).toBeTruthy();
    expect(rows[1]!.textContent).toContain('You: Thanks!');
    expect(rows[1]!.textContent).not.toContain('unread');

    expect(rows[2]!.querySelector('img')?.getAttribute('src')).toBe('/images/detailers/avatar-2.svg');
    expect(rows[2]!.textContent).toContain('Photo');
    // A support thread exists: no second 'Contact support' under the list.
    expect(screen.queryByRole('button', { name: 'Contact support' })).toBeNull();
  });

  it('says how conversations start when there are none, and Contact support opens the support thread', async () => {
    const opened = summary({
      id: 9,
      kind: 'support',
      bookingId: null,
      booking: null,
      otherParty: { name: 'Glossly Support', avatarUrl: null },
      lastMessage: null,
      lastMessageAt: null,
    });
    extra = {
      'POST /api/conversations': () => json(opened, 201),
      'GET /api/conversations/9': () => json(thread({ conversation: opened })),
    };
    renderAs('/messages', <MessagesPage />);
    expect(await screen.findByRole('heading', { name: 'No conversations yet' })).toBeTruthy();
    expect(screen.getByText('Open a booking and tap Message to talk with your detailer.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Contact support' }));
    expect(await screen.findByRole('log', { name: 'Messages with Glossly Support' })).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/conversations')).toEqual([{ support: true }]);
    expect(screen.getByText('Tell us what you need help with. The Glossly team answers here.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to conversations' }).getAttribute('href')).toBe('/messages');
  });

  it('offers a retry when the list fails, and reads it again', async () => {
    let fails = true;
    extra = { 'GET /api/conversations': () => (fails ? json({ message: 'Boom' }, 500) : json([summary()])) };
    renderAs('/messages', <MessagesPage />);
    expect(await screen.findByText("We couldn't load your messages.")).toBeTruthy();
    fails = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('See you at nine')).toBeTruthy());
  });
});

describe('MessagesPage: a thread that cannot be shown', () => {
  it('says so for a thread that is not yours (404)', async () => {
    renderAs('/messages?conversationId=77', <MessagesPage />);
    expect(await screen.findByRole('heading', { name: 'Conversation not found' })).toBeTruthy();
  });

  it('shows the closed banner instead of the composer for a read-only thread', async () => {
    const closed: ConversationThread = thread({ conversation: summary({ isReadOnly: true }) });
    extra = { 'GET /api/conversations/5': () => json(closed) };
    renderAs('/messages?conversationId=5', <MessagesPage />);
    expect(await screen.findByText('This conversation is closed')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });
});
